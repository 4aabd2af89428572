import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of spec section 2; Spanish paths.
export default [
  index("routes/site/home.tsx"),
  route("tienda", "routes/catalogue/shop-index.tsx"),
  route("tienda/calderas/:tipo?", "routes/catalogue/catalogue.tsx", { id: "catalogo-calderas" }),
  route("tienda/aires/:tipo?", "routes/catalogue/catalogue.tsx", { id: "catalogo-aires" }),
  route("tienda/aerotermia/:tipo?", "routes/catalogue/catalogue.tsx", { id: "catalogo-aerotermia" }),
  route("tienda/termostatos/:tipo?", "routes/catalogue/catalogue.tsx", { id: "catalogo-termostatos" }),
  route("tienda/mantenimientos", "routes/catalogue/maintenance-offer.tsx"),
  route("tienda/detalle/:name/:id", "routes/catalogue/product-detail.tsx"),
  route("carrito", "routes/basket/basket.tsx"),
  route("carrito/pedido", "routes/orders/checkout.tsx"),
  route("contacto", "routes/quotes/contact.tsx"),
  // A breakdown reported (issue 31): from «Mis equipos» (?equipo=) or for any unit.
  route("averias", "routes/repairs/repair-request.tsx"),
  route("promo-Saunier/gracias", "routes/quotes/thanks.tsx"),
  // Back-in-stock alerts (issue 15): the form's action, and the e-mails' confirm and withdraw links.
  route("avisos-disponibilidad", "routes/stock-alerts/stock-alerts.tsx"),
  route("avisos-disponibilidad/:accion/:token", "routes/stock-alerts/stock-alert-link.tsx"),
  // The free visit (issue 17): booking after a request, then the customer's page to change or cancel it.
  route("visita/reservar", "routes/visits/visit-booking.tsx"),
  route("visita/:token", "routes/visits/visit-detail.tsx"),
  route("visita/:token/calendario.ics", "routes/visits/visit-calendar-file.ts"),
  // A plan's maintenance visit (issue 31): the customer chooses its day from the e-mail's link.
  route("mantenimiento/visita/:token", "routes/maintenance/plan-visit.tsx"),
  route("login", "routes/accounts/login.tsx"),
  route("login/restablecer", "routes/accounts/reset-password.tsx"),
  route("login/pedidos/:number", "routes/orders/order-detail.tsx"),
  // "Mis equipos" (issue 17): the units installed for the customer, their guarantees and documents.
  route("login/equipos", "routes/jobs/my-equipment.tsx"),
  // A maintenance plan's renewal invoice (issue 31).
  route("login/equipos/facturas/:invoice", "routes/maintenance/my-plan-invoice-pdf.ts"),
  // The signed maintenance record of a plan's visit (issue 31).
  route("login/equipos/mantenimientos/:job", "routes/maintenance/my-maintenance-record-pdf.ts"),
  // Card and Bizum through Redsys (issue 12): the signed form, the way back, the notification.
  route("login/pedidos/:number/pago", "routes/payments/order-payment.tsx"),
  route("login/pedidos/:number/pago/vuelta", "routes/payments/order-payment-return.tsx"),
  // Invoices (issue 13): the PDF of an invoice of the customer's order.
  route("login/pedidos/:number/facturas/:invoice", "routes/invoices/order-invoice-pdf.ts"),
  // F-gas declarations (issue 15): the declaration's PDF and the installer's certificate.
  route("login/pedidos/:number/gases-fluorados/:document", "routes/orders/order-fgas-file.ts"),
  // A phone order's payment link (issue 30): no sign-in, the token is the key; and Redsys's way back.
  route("pedido/pagar/:token", "routes/payments/order-link-payment.tsx"),
  route("pedido/pagar/:token/vuelta", "routes/payments/order-link-payment-return.tsx"),
  route("api/redsys/notificacion", "routes/payments/redsys-notification.ts"),
  // Written quotes (issue 17): the customer's page (answers are POSTs) and its PDF.
  route("presupuestos/:token", "routes/quotes/quote-page.tsx"),
  route("presupuestos/:token/pdf", "routes/quotes/quote-pdf.ts"),
  // A job's deposit and final balance (issue 17): the signed Redsys form, the way back, the invoices' PDFs.
  route("presupuestos/:token/pago", "routes/payments/job-payment.tsx", { id: "quote-payment" }),
  route("presupuestos/:token/pago/vuelta", "routes/payments/job-payment-return.tsx", { id: "quote-payment-return" }),
  route("presupuestos/:token/facturas/:invoice", "routes/invoices/job-invoice-pdf.ts", { id: "quote-invoice-pdf" }),
  // The signed work report of the quote's job (issue 17), the customer's copy.
  route("presupuestos/:token/parte.pdf", "routes/jobs/work-report-pdf.ts", { id: "quote-report-pdf" }),
  // A repair's page (issue 31): the same payment, invoice and report routes as a quote's job.
  route("averias/:token", "routes/repairs/repair-page.tsx"),
  route("averias/:token/pago", "routes/payments/job-payment.tsx", { id: "repair-payment" }),
  route("averias/:token/pago/vuelta", "routes/payments/job-payment-return.tsx", { id: "repair-payment-return" }),
  route("averias/:token/facturas/:invoice", "routes/invoices/job-invoice-pdf.ts", { id: "repair-invoice-pdf" }),
  route("averias/:token/parte.pdf", "routes/jobs/work-report-pdf.ts", { id: "repair-report-pdf" }),
  route("login/verificacion", "routes/accounts/login-verification.tsx"),
  // A technician's invitation (issue 28): choose the password, or accept with the existing account.
  route("invitacion/:token", "routes/accounts/invitation.tsx"),
  // Passkeys of the staff (issue 28): the JSON steps of enrolling, signing in and confirming with one.
  route("cuenta/llaves/:paso", "routes/accounts/passkey-api.ts"),
  route("api/auth/*", "routes/accounts/auth-api.ts"),
  route("healthz", "routes/site/healthz.ts"),
  route("readyz", "routes/site/readyz.ts"),
  route("cookies", "routes/site/cookies.ts"),
  route("imagenes/demo/:file", "routes/images/demo-image.ts"),
  route("imagenes/fotos/:file", "routes/images/photo-image.ts"),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  // Content and legal pages (spec section 2).
  route("servicios", "routes/site/services.tsx"),
  route("reformas", "routes/site/renovations.tsx"),
  route("presupuesto", "routes/quotes/quote.tsx"),
  route("calderas-info", "routes/site/info-calderas.tsx"),
  route("aires-info", "routes/site/info-aires.tsx"),
  route("aerotermia-info", "routes/site/info-aerotermia.tsx"),
  route("termostatos-info", "routes/site/info-termostatos.tsx"),
  route("politica-cookies", "routes/site/cookie-policy.tsx"),
  route("politica-privacidad", "routes/site/privacy-policy.tsx"),
  route("condiciones-compra", "routes/site/purchase-conditions.tsx"),
  route("aviso-legal", "routes/site/legal-notice.tsx"),
  // Promotional landing pages (spec section 2): one module, one config per path.
  route("promo-Calderas", "routes/site/promo.tsx", { id: "promo-calderas" }),
  route("promo-Aires", "routes/site/promo.tsx", { id: "promo-aires" }),
  route("promo-Saunier", "routes/site/promo.tsx", { id: "promo-saunier" }),
  route("promo-Aero", "routes/site/promo.tsx", { id: "promo-aero" }),
  route("promo-Reparaciones", "routes/site/promo.tsx", { id: "promo-reparaciones" }),
  route("promo-Granada", "routes/site/promo-granada.tsx"),
  // The owner's back office (issue 11): every loader and action calls requireAdmin.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    // The quick actions of the phone's bar (issue 30).
    route("crear", "routes/admin/create.tsx"),
    route("buscar", "routes/admin/search.tsx"),
    route("segundo-factor", "routes/accounts/admin-second-factor.tsx"),
    // The administrator's passkeys and authenticator app (issue 28).
    route("seguridad", "routes/accounts/admin-security.tsx"),
    route("registro", "routes/accounts/admin-audit-log.tsx"),
    // admin: orders
    route("desistimientos", "routes/orders/admin-withdrawals.tsx"),
    route("desistimientos/:id", "routes/orders/admin-withdrawal.tsx"),
    route("pedidos", "routes/orders/admin-orders.tsx"),
    route("pedidos/telefono", "routes/orders/admin-phone-order.tsx"),
    route("pedidos/exportar", "routes/orders/admin-orders-export.ts"),
    route("pedidos/gases-fluorados", "routes/orders/admin-fgas-pending.tsx"),
    route("pedidos/:number/gases-fluorados/:document", "routes/orders/admin-order-fgas-file.ts"),
    route("pedidos/:number/albaran", "routes/orders/admin-delivery-note.tsx"),
    route("pedidos/:number/albaran.pdf", "routes/orders/admin-delivery-note-pdf.ts"),
    route("pedidos/:number", "routes/orders/admin-order.tsx"),
    // admin: invoices (issue 13)
    route("facturas", "routes/invoices/admin-invoices.tsx"),
    route("facturas/exportar", "routes/invoices/admin-invoices-export.ts"),
    route("facturas/verifactu", "routes/invoices/admin-verifactu.tsx"),
    route("facturas/verifactu/exportar", "routes/invoices/admin-verifactu-export.ts"),
    route("facturas/:number/pdf", "routes/invoices/admin-invoice-pdf.ts"),
    // admin: catalogue
    route("catalogo", "routes/catalogue/admin-products.tsx"),
    route("catalogo/nuevo", "routes/catalogue/admin-product-new.tsx"),
    route("catalogo/exportar", "routes/catalogue/admin-products-export.ts"),
    route("catalogo/importar", "routes/catalogue/admin-products-import.tsx"),
    route("catalogo/:id", "routes/catalogue/admin-product.tsx"),
    route("catalogo/:id/fotos", "routes/catalogue/admin-product-photos.tsx"),
    // admin: quotes and customers
    route("solicitudes", "routes/quotes/admin-requests.tsx"),
    route("solicitudes/nueva", "routes/quotes/admin-request-new.tsx"),
    route("solicitudes/:id", "routes/quotes/admin-request.tsx"),
    // admin: written quotes (issue 17)
    route("presupuestos", "routes/quotes/admin-quotes.tsx"),
    route("presupuestos/nuevo", "routes/quotes/admin-quote-new.tsx"),
    // Quote templates (issue 30): rename and delete; saved from the editor, used from "nuevo".
    route("presupuestos/plantillas", "routes/quotes/admin-quote-templates.tsx"),
    route("presupuestos/:number/pdf", "routes/quotes/admin-quote-version-pdf.ts"),
    route("presupuestos/:number/vista-previa", "routes/quotes/admin-quote-preview.tsx"),
    route("presupuestos/:number", "routes/quotes/admin-quote-editor.tsx"),
    // admin: free visits and their availability (issue 17)
    route("visitas", "routes/visits/admin-visits.tsx"),
    route("visitas/nueva", "routes/visits/admin-visit-new.tsx"),
    // admin: installation jobs, the calendar and the technicians (issue 17)
    route("trabajos", "routes/jobs/admin-jobs.tsx"),
    route("trabajos/:id", "routes/jobs/admin-job.tsx"),
    route("trabajos/:id/parte.pdf", "routes/jobs/admin-job-report-pdf.ts"),
    route("trabajos/:id/fotos/:file", "routes/jobs/admin-job-report-photo.ts"),
    route("calendario", "routes/jobs/admin-calendar.tsx"),
    route("tecnicos", "routes/accounts/admin-technicians.tsx"),
    route("cuentas", "routes/accounts/admin-accounts.tsx"),
    route("cuentas/:id", "routes/accounts/admin-account.tsx"),
    // admin: breakdowns reported (issue 31)
    route("averias", "routes/repairs/admin-repairs.tsx"),
    route("averias/nueva", "routes/repairs/admin-repair-new.tsx"),
    route("averias/:id", "routes/repairs/admin-repair.tsx"),
    route("averias/:id/fotos/:file", "routes/repairs/admin-repair-photo.ts"),
    // admin: maintenance plans, what falls due month by month (issue 31)
    route("mantenimiento", "routes/maintenance/admin-due.tsx"),
    route("mantenimiento/adeudos", "routes/maintenance/admin-debit-file.ts"),
    route("clientes", "routes/customers/admin-customers.tsx"),
    route("clientes/nuevo", "routes/customers/admin-customer-new.tsx"),
    route("clientes/:id", "routes/customers/admin-customer.tsx"),
    // admin: site
    route("sitio", "routes/site/admin-site.tsx"),
    // admin: alerts on the staff's phones (issue 30): the page, the service worker, the app's manifest
    route("avisos", "routes/alerts/admin-alerts.tsx"),
    route("sw.js", "routes/alerts/admin-service-worker.ts"),
    route("app.webmanifest", "routes/alerts/admin-manifest.ts"),
  ]),
  // The technicians' area (issue 17): only their own jobs and visits; and their private calendar feeds.
  route("tecnico", "routes/jobs/technician-layout.tsx", [
    index("routes/jobs/technician-home.tsx"),
    route("segundo-factor", "routes/accounts/technician-second-factor.tsx"),
    route("seguridad", "routes/accounts/technician-security.tsx"),
    route("trabajos/:id", "routes/jobs/technician-job.tsx"),
    // The work report (issue 17): the phone posts its photos and the signed report (JSON); the private photos and the PDF.
    route("trabajos/:id/parte", "routes/jobs/technician-job-report.ts"),
    route("trabajos/:id/parte.pdf", "routes/jobs/technician-job-report-pdf.ts"),
    route("trabajos/:id/fotos", "routes/jobs/technician-job-photos.ts"),
    route("trabajos/:id/fotos/:file", "routes/jobs/technician-job-photo.ts"),
  ]),
  route("calendario/:file", "routes/jobs/calendar-feed.ts"),
  // Postcode coverage (issue 15): the answer of the product and service pages' check.
  route("cobertura", "routes/orders/coverage.tsx"),
  // The sizing advisor (issue 15): a GET form answered on the same page.
  route("que-potencia-necesito", "routes/sizing/sizing-advisor.tsx"),
  // Product comparison (issue 15): the page reads ?productos= only; its action keeps the visitor's list.
  route("comparar", "routes/catalogue/compare.tsx"),
  // Search (issue 15): the results page, and the header field's suggestions (JSON).
  route("buscar", "routes/catalogue/search.tsx"),
  route("buscar/sugerencias", "routes/catalogue/search-suggestions.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
