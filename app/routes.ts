import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of spec section 2; Spanish paths.
export default [
  index("routes/home.tsx"),
  route("tienda", "routes/shop-index.tsx"),
  route("tienda/calderas/:tipo?", "routes/catalogue.tsx", { id: "catalogo-calderas" }),
  route("tienda/aires/:tipo?", "routes/catalogue.tsx", { id: "catalogo-aires" }),
  route("tienda/aerotermia/:tipo?", "routes/catalogue.tsx", { id: "catalogo-aerotermia" }),
  route("tienda/termostatos/:tipo?", "routes/catalogue.tsx", { id: "catalogo-termostatos" }),
  route("tienda/mantenimientos", "routes/maintenance-offer.tsx"),
  route("tienda/detalle/:name/:id", "routes/product-detail.tsx"),
  route("carrito", "routes/cart.tsx"),
  route("carrito/pedido", "routes/checkout.tsx"),
  route("contacto", "routes/contact.tsx"),
  route("promo-Saunier/gracias", "routes/thanks.tsx"),
  // Back-in-stock alerts (issue 15): the form's action, and the e-mails' confirm and withdraw links.
  route("avisos-disponibilidad", "routes/stock-alerts.tsx"),
  route("avisos-disponibilidad/:accion/:token", "routes/stock-alert-link.tsx"),
  // The free visit (issue 17): booking after a request, then the customer's page to change or cancel it.
  route("visita/reservar", "routes/visit-booking.tsx"),
  route("visita/:token", "routes/visit-detail.tsx"),
  route("visita/:token/calendario.ics", "routes/visit-calendar-file.ts"),
  route("login", "routes/login.tsx"),
  route("login/restablecer", "routes/reset-password.tsx"),
  route("login/pedidos/:number", "routes/order-detail.tsx"),
  // "Mis equipos" (issue 17): the units installed for the customer, their guarantees and documents.
  route("login/equipos", "routes/my-equipment.tsx"),
  // Card and Bizum through Redsys (issue 12): the signed form, the way back, the notification.
  route("login/pedidos/:number/pago", "routes/order-payment.tsx"),
  route("login/pedidos/:number/pago/vuelta", "routes/order-payment-return.tsx"),
  // Invoices (issue 13): the PDF of an invoice of the customer's order.
  route("login/pedidos/:number/facturas/:invoice", "routes/order-invoice-pdf.ts"),
  // F-gas declarations (issue 15): the declaration's PDF and the installer's certificate.
  route("login/pedidos/:number/gases-fluorados/:document", "routes/order-fgas-file.ts"),
  route("api/redsys/notificacion", "routes/redsys-notification.ts"),
  // Written quotes (issue 17): the customer's page (answers are POSTs) and its PDF.
  route("presupuestos/:token", "routes/quote-page.tsx"),
  route("presupuestos/:token/pdf", "routes/quote-pdf.ts"),
  // A job's deposit and final balance (issue 17): the signed Redsys form, the way back, the invoices' PDFs.
  route("presupuestos/:token/pago", "routes/quote-payment.tsx"),
  route("presupuestos/:token/pago/vuelta", "routes/quote-payment-return.tsx"),
  route("presupuestos/:token/facturas/:invoice", "routes/quote-invoice-pdf.ts"),
  // The signed work report of the quote's job (issue 17), the customer's copy.
  route("presupuestos/:token/parte.pdf", "routes/work-report-pdf.ts"),
  route("login/verificacion", "routes/login-verification.tsx"),
  // A technician's invitation (issue 28): choose the password, or accept with the existing account.
  route("invitacion/:token", "routes/invitation.tsx"),
  // Passkeys of the staff (issue 28): the JSON steps of enrolling, signing in and confirming with one.
  route("cuenta/llaves/:paso", "routes/passkey-api.ts"),
  route("api/auth/*", "routes/auth-api.ts"),
  route("healthz", "routes/healthz.ts"),
  route("cookies", "routes/cookies.ts"),
  route("imagenes/demo/:file", "routes/demo-image.ts"),
  route("imagenes/fotos/:file", "routes/photo-image.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Content and legal pages (spec section 2).
  route("servicios", "routes/services.tsx"),
  route("reformas", "routes/renovations.tsx"),
  route("presupuesto", "routes/quote.tsx"),
  route("calderas-info", "routes/info-calderas.tsx"),
  route("aires-info", "routes/info-aires.tsx"),
  route("aerotermia-info", "routes/info-aerotermia.tsx"),
  route("termostatos-info", "routes/info-termostatos.tsx"),
  route("politica-cookies", "routes/cookie-policy.tsx"),
  route("politica-privacidad", "routes/privacy-policy.tsx"),
  route("condiciones-compra", "routes/purchase-conditions.tsx"),
  route("aviso-legal", "routes/legal-notice.tsx"),
  // Promotional landing pages (spec section 2): one module, one config per path.
  route("promo-Calderas", "routes/promo.tsx", { id: "promo-calderas" }),
  route("promo-Aires", "routes/promo.tsx", { id: "promo-aires" }),
  route("promo-Saunier", "routes/promo.tsx", { id: "promo-saunier" }),
  route("promo-Aero", "routes/promo.tsx", { id: "promo-aero" }),
  route("promo-Reparaciones", "routes/promo.tsx", { id: "promo-reparaciones" }),
  route("promo-Granada", "routes/promo-granada.tsx"),
  // The owner's back office (issue 11): every loader and action calls requireAdmin.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("segundo-factor", "routes/admin/second-factor.tsx"),
    // The administrator's passkeys and authenticator app (issue 28).
    route("seguridad", "routes/admin/security.tsx"),
    route("registro", "routes/admin/audit-log.tsx"),
    // admin: orders
    route("desistimientos", "routes/admin/withdrawals.tsx"),
    route("desistimientos/:id", "routes/admin/withdrawal.tsx"),
    route("pedidos", "routes/admin/orders.tsx"),
    route("pedidos/exportar", "routes/admin/orders-export.ts"),
    route("pedidos/gases-fluorados", "routes/admin/fgas-pending.tsx"),
    route("pedidos/:number/gases-fluorados/:document", "routes/admin/order-fgas-file.ts"),
    route("pedidos/:number", "routes/admin/order.tsx"),
    // admin: invoices (issue 13)
    route("facturas", "routes/admin/invoices.tsx"),
    route("facturas/exportar", "routes/admin/invoices-export.ts"),
    route("facturas/verifactu", "routes/admin/verifactu.tsx"),
    route("facturas/verifactu/exportar", "routes/admin/verifactu-export.ts"),
    route("facturas/:number/pdf", "routes/admin/invoice-pdf.ts"),
    // admin: catalogue
    route("catalogo", "routes/admin/products.tsx"),
    route("catalogo/nuevo", "routes/admin/product-new.tsx"),
    route("catalogo/exportar", "routes/admin/products-export.ts"),
    route("catalogo/importar", "routes/admin/products-import.tsx"),
    route("catalogo/:id", "routes/admin/product.tsx"),
    route("catalogo/:id/fotos", "routes/admin/product-photos.tsx"),
    // admin: quotes and customers
    route("solicitudes", "routes/admin/quote-requests.tsx"),
    route("solicitudes/:id", "routes/admin/quote-request.tsx"),
    // admin: written quotes (issue 17)
    route("presupuestos", "routes/admin/quote-list.tsx"),
    route("presupuestos/nuevo", "routes/admin/quote-new.tsx"),
    route("presupuestos/:number/pdf", "routes/admin/quote-version-pdf.ts"),
    route("presupuestos/:number", "routes/admin/quote-editor.tsx"),
    // admin: free visits and their availability (issue 17)
    route("visitas", "routes/admin/visits.tsx"),
    // admin: installation jobs, the calendar and the technicians (issue 17)
    route("trabajos", "routes/admin/jobs.tsx"),
    route("trabajos/:id", "routes/admin/jobs-detail.tsx"),
    route("trabajos/:id/parte.pdf", "routes/admin/job-report-pdf.ts"),
    route("trabajos/:id/fotos/:file", "routes/admin/job-report-photo.ts"),
    route("calendario", "routes/admin/calendar.tsx"),
    route("tecnicos", "routes/admin/technicians.tsx"),
    route("clientes", "routes/admin/customers.tsx"),
    route("clientes/:id", "routes/admin/customer.tsx"),
    // admin: site
    route("sitio", "routes/admin/site.tsx"),
  ]),
  // The technicians' area (issue 17): only their own jobs and visits; and their private calendar feeds.
  route("tecnico", "routes/technician-layout.tsx", [
    index("routes/technician-home.tsx"),
    route("segundo-factor", "routes/technician-second-factor.tsx"),
    route("seguridad", "routes/technician-security.tsx"),
    route("trabajos/:id", "routes/technician-job.tsx"),
    // The work report (issue 17): the phone posts its photos and the signed report (JSON); the private photos and the PDF.
    route("trabajos/:id/parte", "routes/technician-job-report.ts"),
    route("trabajos/:id/parte.pdf", "routes/technician-job-report-pdf.ts"),
    route("trabajos/:id/fotos", "routes/technician-job-photos.ts"),
    route("trabajos/:id/fotos/:file", "routes/technician-job-photo.ts"),
  ]),
  route("calendario/:file", "routes/calendar-feed.ts"),
  // Postcode coverage (issue 15): the answer of the product and service pages' check.
  route("cobertura", "routes/coverage.tsx"),
  // The sizing advisor (issue 15): a GET form answered on the same page.
  route("que-potencia-necesito", "routes/sizing-advisor.tsx"),
  // Product comparison (issue 15): the page reads ?productos= only; its action keeps the visitor's list.
  route("comparar", "routes/compare.tsx"),
  // Search (issue 15): the results page, and the header field's suggestions (JSON).
  route("buscar", "routes/search.tsx"),
  route("buscar/sugerencias", "routes/search-suggestions.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
