import { CONTACT_FIELDS, HONEYPOT_FIELD } from "../../app/domain/quotes/contact-form";
import { FAMILIES } from "../../app/domain/catalogue/product";
import type { Fields } from "./fuzz-arbitraries";
import { routes } from "./hardening";

/*
 * What the fuzzer knows about the routes (tests/e2e/hardening-fuzz.spec.ts): valid parameter
 * and query values and a valid form per action, so that part of the random requests get past
 * the first check and reach deeper code. Unknown names are fuzzed all the same.
 */

/** Known-good values of route parameters, so that some requests get past the first check. */
export const VALID_PARAMS: Record<string, string[]> = {
  tipo: ["calderas-baxi", "40m2", "aire-acondicionado-daikin", "aerotermia-daikin", "wifi"],
  name: [...FAMILIES, "instalaciones", "mantenimientos"],
  id: ["1", "2", "17", "40"],
  number: ["1201-101126", "1-0101", "11110-311299", "F2026-000001", "P2026-000001"],
  invoice: ["F2026-000001", "R2026-000001"],
  document: ["declaracion", "certificado"],
  file: ["hermann-micracom-condens-20-1.svg", "hermann-micracom-condens-20-4.svg"],
  accion: ["confirmar", "retirar"],
  paso: ["registro-opciones", "registro", "entrada-opciones", "entrada"],
  token: ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
  "*": [
    "get-session",
    "ok",
    "error",
    "sign-in/email",
    "sign-up/email",
    "sign-out",
    "sign-in/social",
    "sign-in/oauth2",
    "request-password-reset",
    "reset-password",
    "reset-password/abc",
    "callback/google",
    "oauth2/callback/google",
    "list-sessions",
    "update-user",
    "change-password",
    "delete-user",
    "verify-email",
    "admin/list-users",
  ],
};

/** Query keys each loader reads (and a few every route gets). */
export const QUERY_KEYS: Record<string, string[]> = {
  "routes/catalogue/catalogue.tsx": ["marca", "superficie", "tipo", "orden", "porPagina", "pagina"],
  "routes/catalogue/product-detail.tsx": ["imagen"],
  "routes/orders/checkout.tsx": ["pedido"],
  "routes/quotes/contact.tsx": ["producto"],
  "routes/catalogue/search.tsx": ["q", "familia", "marca", "orden", "porPagina", "pagina"],
  "routes/catalogue/search-suggestions.ts": ["q"],
  "routes/catalogue/compare.tsx": ["productos", "aviso", "diferencias"],
  "routes/quotes/thanks.tsx": ["desde"],
  "routes/visits/visit-detail.tsx": ["cambiar", "reservada", "cambiada"],
  "routes/maintenance/plan-visit.tsx": ["cambiar", "reservada", "cambiada", "hora"],
  "routes/repairs/repair-request.tsx": ["equipo"],
  "routes/repairs/admin-repairs.tsx": ["estado"],
  "routes/accounts/login.tsx": ["redirectTo", "error", "modo"],
  "routes/accounts/reset-password.tsx": ["token", "error"],
  "routes/accounts/login-verification.tsx": ["redirectTo"],
  "routes/orders/order-detail.tsx": ["desistir", "gases"],
  "routes/payments/job-payment.tsx": ["intento"],
  "routes/payments/job-payment-return.tsx": ["intento"],
  "routes/orders/coverage.tsx": ["cp", "contexto", "volver"],
  "routes/payments/order-payment.tsx": ["intento"],
  "routes/payments/order-link-payment.tsx": ["intento"],
  "routes/payments/order-payment-return.tsx": ["intento", "Ds_SignatureVersion", "Ds_MerchantParameters", "Ds_Signature"],
  "routes/accounts/auth-api.ts": ["callbackURL", "redirectTo", "errorCallbackURL", "token", "error", "code", "state", "disableCookieCache"],
};
export const COMMON_QUERY_KEYS = ["_routes", "index", "redirectTo", "error", "pagina"];
/** Values the loaders understand (and React Router's route ids for ?_routes=), to get past the first check. */
export const VALID_QUERY_VALUES = [
  ...routes().map((route) => route.id),
  "root",
  "ascendente",
  "descendente",
  "12",
  "24",
  "2",
  "Baxi",
  "Daikin",
  "40-100",
  "registro",
  "recuperar",
  "INVALID_TOKEN",
  "state_mismatch",
  "/carrito",
  "/tienda/detalle/calderas/1",
  "1",
];

const ADD_TO_BASKET: Fields = [
  ["kind", "producto"],
  ["family", "calderas"],
  ["id", "1"],
  ["instalacion", "SI"],
  ["mantenimiento", "SI"],
  ["provincia", "madrid"],
  ["gas", "natural"],
];

/** A valid form of each action (fields are then dropped, replaced and added by the fuzzer). */
export const VALID_FORMS: Record<string, Fields> = {
  "routes/catalogue/catalogue.tsx": ADD_TO_BASKET,
  "routes/catalogue/product-detail.tsx": ADD_TO_BASKET,
  "routes/catalogue/search.tsx": ADD_TO_BASKET,
  "routes/catalogue/maintenance-offer.tsx": [
    ["kind", "mantenimiento"],
    ["family", "calderas"],
    ["equipo", "1"],
  ],
  "routes/repairs/repair-request.tsx": [
    ["name", "Ana Prueba"],
    ["phone", "600 123 456"],
    ["email", "ana@example.com"],
    ["address", "Calle Mayor 1"],
    ["postcode", "28013"],
    ["town", "Madrid"],
    ["family", "calderas"],
    ["brand", "Baxi"],
    ["problem", "No enciende y marca E10 en la pantalla."],
    ["urgency", "urgente"],
    ["availability", "Por las mañanas"],
    ["equipo", "1"],
    [HONEYPOT_FIELD, ""],
  ],
  "routes/catalogue/compare.tsx": [
    ["intent", "anadir"],
    ["producto", "27"],
    ["productos", "24,27"],
    ["quitar", "24"],
    ["js", "1"],
  ],
  "routes/basket/basket.tsx": [
    ["intent", "eliminar"],
    ["familia", "calderas"],
    ["id", "1"],
  ],
  "routes/quotes/contact.tsx": [
    ["nameAndSurname", "Ana Prueba"],
    ["phone", "600 123 456"],
    ["email", "ana@example.com"],
    ["adress", "Calle Mayor 1"],
    ["state", "Madrid"],
    ["message", "Quisiera un presupuesto."],
    ["sourcePage", "/contacto"],
    ["productId", "1"],
    ["js", "1"],
    [HONEYPOT_FIELD, ""],
  ],
  "routes/stock-alerts/stock-alerts.tsx": [
    ["producto", "15"],
    ["email", "ana@example.com"],
    ["consentimiento", "si"],
    [HONEYPOT_FIELD, ""],
  ],
  // The e-mail links' page: its button posts no field (the token is in the path).
  "routes/stock-alerts/stock-alert-link.tsx": [],
  // Written quotes (issue 17): the customer's answers (version and hash of the page), and the back office's new quote and editor.
  "routes/quotes/quote-page.tsx": [
    ["intent", "aceptar"],
    ["version", "1"],
    ["documentSha256", "0".repeat(64)],
    ["alternative", "A"],
    ["fullName", "Ana Prueba"],
    ["typedSignature", "Ana Prueba"],
    ["statement", "on"],
  ],
  "routes/quotes/admin-quote-new.tsx": [["solicitud", "1"]],
  // A breakdown's page (issue 31): paying its repair.
  "routes/repairs/repair-page.tsx": [
    ["intent", "pagar"],
    ["cargo", "1"],
    ["metodo", "tarjeta"],
  ],
  "routes/quotes/admin-quote-editor.tsx": [
    ["intent", "guardar"],
    ["customerName", "Ana Prueba"],
    ["depositKind", "porcentaje"],
    ["depositPercent", "30"],
    ["A-0-kind", "material"],
    ["A-0-description", "Tubo de cobre"],
    ["A-0-quantity", "1,5"],
    ["A-0-price", "12,50"],
  ],
  // The free visit (issue 17): the booking form (the request comes from a cookie), and the visit's change and cancel buttons.
  "routes/visits/visit-booking.tsx": [
    ["slot", "2026-12-01T09:00:00.000Z"],
    ["name", "Ana Prueba"],
    ["phone", "600 123 456"],
    ["email", "ana@example.com"],
    ["address", "Calle Mayor 1"],
    ["town", "Madrid"],
    ["notes", ""],
    [HONEYPOT_FIELD, ""],
  ],
  "routes/visits/visit-detail.tsx": [
    ["intent", "cambiar"],
    ["slot", "2026-12-01T09:00:00.000Z"],
  ],
  // A plan's maintenance visit (issue 31): the customer chooses its day.
  "routes/maintenance/plan-visit.tsx": [
    ["intent", "elegir"],
    ["slot", "2026-12-01T09:00:00.000Z"],
  ],
  "routes/accounts/login.tsx": [
    ["intent", "signin"],
    ["email", "fuzz@example.com"],
    ["password", "claveSegura1"],
    ["redirectTo", "/carrito"],
  ],
  "routes/accounts/login-verification.tsx": [
    ["intent", "totp"],
    ["code", "123456"],
    ["redirectTo", "/admin"],
  ],
  "routes/accounts/reset-password.tsx": [
    ["token", "abc"],
    ["password", "claveSegura1"],
    ["confirm", "claveSegura1"],
  ],
  "routes/site/cookies.ts": [
    ["decision", "aceptar"],
    ["redirectTo", "/tienda"],
  ],
  // Signed in, the real form is used (below); anonymous posts are sent to /login first.
  "routes/orders/checkout.tsx": [
    ["clave", "00000000-0000-4000-8000-000000000000"],
    ["envio-id", "12345678Z"],
    ["envio-nombre", "Ana"],
    ["envio-apellidos", "Prueba"],
    ["envio-direccion", "Calle Mayor 1"],
    ["envio-poblacion", "Madrid"],
    ["envio-provincia", "Madrid"],
    ["envio-cp", "28001"],
    ["envio-telefono", "600123456"],
    ["facturacion", "igual"],
    ["pago", "transferencia"],
    ["condiciones", "acepto"],
  ],
  // The bank's debit file of plan renewals (issue 31).
  "routes/maintenance/admin-debit-file.ts": [["intent", "adeudos"]],
  // The owner's «Marcar como cobrada» of a plan's renewal (issue 31).
  "routes/maintenance/admin-due.tsx": [
    ["intent", "cobrar"],
    ["renovacion", "1"],
    ["fecha", "2026-01-01"],
    ["referencia", "TRF-1"],
  ],
  // The owner's page of a breakdown, and one taken by phone (issue 31).
  "routes/repairs/admin-repair.tsx": [
    ["state", "atendida"],
    ["notas", "Llamado: vamos el lunes."],
  ],
  "routes/repairs/admin-repair-new.tsx": [
    ["name", "Ana Prueba"],
    ["phone", "600 123 456"],
    ["address", "Calle Mayor 1"],
    ["postcode", "28013"],
    ["town", "Madrid"],
    ["family", "aires"],
    ["problem", "Gotea agua por la unidad interior."],
    ["urgency", "normal"],
  ],
  // Mis equipos' plan forms (issue 31): a plan that is nobody's answers 404 before the unit's fields are read.
  "routes/jobs/my-equipment.tsx": [
    ["intent", "declarar-equipo"],
    ["plan", "1"],
    ["tipo", "aire"],
    ["marca", "Daikin"],
    ["modelo", "FTXM35R"],
    ["serie", "DK-1"],
    ["instalado", "2024-06-15"],
  ],
  "routes/orders/order-detail.tsx": [
    ["intent", "desistir"],
    ["motivo", "No lo necesito"],
  ],
  // A phone order's payment link (issue 30): pay by card (the token is fuzzed with the path).
  "routes/payments/order-link-payment.tsx": [
    ["intent", "pagar"],
    ["metodo", "tarjeta"],
  ],
  // Redsys's notification (issue 12): well formed, signed with the public test key.
  "routes/payments/redsys-notification.ts": [
    ["Ds_SignatureVersion", "HMAC_SHA256_V1"],
    [
      "Ds_MerchantParameters",
      "eyJEc19EYXRlIjoiMjglMkYwNSUyRjIwMTgiLCJEc19Ib3VyIjoiMTAlM0E0NCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQW1vdW50IjoiNjcwMCIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwMDAwRkI5QTE3MiIsIkRzX01lcmNoYW50Q29kZSI6IjMzNjcwNDY1NSIsIkRzX1Rlcm1pbmFsIjoiMDAxIiwiRHNfUmVzcG9uc2UiOiIwMDAwIiwiRHNfVHJhbnNhY3Rpb25UeXBlIjoiMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMjE4MDQ4IiwiRHNfQ29uc3VtZXJMYW5ndWFnZSI6IjEiLCJEc19DYXJkX0NvdW50cnkiOiI3MjQiLCJEc19DYXJkX0JyYW5kIjoiMSJ9",
    ],
    ["Ds_Signature", "3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2I="],
  ],
  "routes/accounts/auth-api.ts": [
    ["email", "fuzz@example.com"],
    ["password", "claveSegura1"],
    ["name", "Fuzz"],
    ["callbackURL", "/login"],
    ["redirectTo", "/login/restablecer"],
  ],
  // A technician's invitation (issue 28): a new address chooses its password.
  "routes/accounts/invitation.tsx": [
    ["intent", "create"],
    ["password", "tejado-azul-lluvioso-7"],
    ["confirm", "tejado-azul-lluvioso-7"],
  ],
  // The passkeys' JSON steps take JSON; as fields, the names they read.
  "routes/accounts/passkey-api.ts": [
    ["password", "tejado-azul-lluvioso-7"],
    ["name", "Móvil de Ana"],
    ["response", "{}"],
  ],
};
/** Field names any action might read. */
export const EXTRA_FIELD_NAMES = [
  ...CONTACT_FIELDS,
  "intent",
  "redirectTo",
  "token",
  "newPassword",
  "provider",
  "rememberMe",
  "errorCallbackURL",
  "clave",
  "pago",
  "facturacion",
  "condiciones",
  "envio-cp",
  "factura-provincia",
  "metodo",
];
