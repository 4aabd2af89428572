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
