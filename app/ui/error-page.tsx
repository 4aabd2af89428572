import { Link } from "react-router";

const TEXTS: Record<number, { title: string; body: string }> = {
  404: {
    title: "Página no encontrada",
    body: "La página que busca no existe o ha cambiado de dirección.",
  },
  400: {
    title: "Petición no válida",
    body: "No hemos podido entender su petición. Revise los datos e inténtelo de nuevo.",
  },
  403: { title: "Acceso no permitido", body: "No tiene permiso para ver esta página." },
  405: {
    title: "Acción no permitida",
    body: "Esta página no admite esa acción. Vuelva a la página anterior e inténtelo de nuevo.",
  },
  409: {
    title: "Los datos han cambiado",
    body: "La información ha cambiado mientras la consultaba. Recargue la página y revise los datos antes de continuar.",
  },
  413: {
    title: "Formulario demasiado grande",
    body: "El formulario enviado es demasiado grande. Acorte el texto e inténtelo de nuevo.",
  },
  415: {
    title: "Formato no admitido",
    body: "El formulario no llegó en un formato que podamos leer. Vuelva a la página e inténtelo de nuevo.",
  },
  429: {
    title: "Demasiadas peticiones",
    body: "Ha hecho demasiados intentos en poco tiempo. Espere unos minutos e inténtelo de nuevo.",
  },
};

const FALLBACK = {
  title: "Algo ha salido mal",
  body: "Ha ocurrido un error inesperado. Inténtelo de nuevo en unos minutos; si el problema continúa, llámenos o escríbanos.",
};

/** Spanish error page, inside the site frame when the frame could be loaded. */
export function ErrorPage({ status }: { status: number }) {
  const text = TEXTS[status] ?? FALLBACK;
  return (
    <div className="container error-page">
      <title>{`${text.title} | Error ${status}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code">Error {status}</p>
      <h1>{text.title}</h1>
      <p>{text.body}</p>
      <ul className="error-links">
        <li>
          <Link to="/" className="button">
            Ir al inicio
          </Link>
        </li>
        <li>
          <Link to="/tienda" className="button button-secondary">
            Ver la tienda
          </Link>
        </li>
        <li>
          <Link to="/contacto" className="button button-secondary">
            Contactar
          </Link>
        </li>
      </ul>
    </div>
  );
}
