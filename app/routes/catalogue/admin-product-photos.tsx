import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { MAX_PHOTOS_PER_PRODUCT, MAX_PHOTOS_PER_UPLOAD, photosRoomLeft, type PhotoIntent, type PhotoReply } from "~/domain/catalogue/photo-gallery";
import { parseRowId } from "~/domain/images/photos";
import { detailHref, isFamily } from "~/domain/catalogue/product";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { readPhotoProduct } from "~/server/catalogue/product-photos.server";
import { productPhotosAction } from "~/server/catalogue/product-photos-action.server";
import { getDb } from "~/server/db/db.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { Photo } from "~/ui/photo";
import type { Route } from "./+types/admin-product-photos";
import { FormReply } from "~/ui/admin/form-reply";

/** A product's photos (issue 11): upload, order, choose the main one, remove. Works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRowId(params.id);
  const product = id ? await readPhotoProduct(await getDb(), id) : null;
  if (!product || !isFamily(product.family)) throw data(null, { status: 404 });
  return {
    id: product.id,
    name: `${product.brand} ${product.model}`,
    shopHref: detailHref({ family: product.family, id: product.id }),
    photos: product.photos,
    roomLeft: photosRoomLeft(product.photos),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return productPhotosAction(request, admin, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData: product }) => [
  { title: `${product ? `Fotos de ${product.name}` : "Fotos"} | Administración` },
];

function ReplyLine({ reply, intents }: { reply: PhotoReply | undefined; intents: (PhotoIntent | null)[] }) {
  if (!reply || !intents.includes(reply.intent)) return null;
  return (
    <>
      <FormReply reply={reply} />
      {reply.rejected.length > 0 ? (
        <ul className="field-error" aria-label="Archivos no añadidos">
          {reply.rejected.map((file, index) => (
            <li key={index}>
              «{file.name}» {file.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export default function ProductPhotosPage() {
  const product = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const count = product.photos.length;
  return (
    <>
      <p>
        <Link to={`/admin/catalogo/${product.id}`}>← Volver al producto</Link>
      </p>
      <h1>Fotos de {product.name}</h1>

      <Form method="post" encType="multipart/form-data" className="admin-section admin-form" aria-labelledby="fotos-subir">
        <h2 id="fotos-subir">Subir fotos</h2>
        <input type="hidden" name="intent" value="upload" />
        <div className="field">
          <label htmlFor="fotos-archivos">Fotos (JPEG, PNG o WebP)</label>
          <input id="fotos-archivos" type="file" name="fotos" multiple accept="image/jpeg,image/png,image/webp" aria-describedby="fotos-ayuda" disabled={product.roomLeft === 0} />
          <p id="fotos-ayuda" className="field-hint">
            Hasta 15 MB cada una y {MAX_PHOTOS_PER_UPLOAD} a la vez; la galería admite {MAX_PHOTOS_PER_PRODUCT} (quedan {product.roomLeft}). Se quitan
            los datos de la cámara (ubicación, fecha) y se preparan varios tamaños para la tienda.
          </p>
        </div>
        <button type="submit" className="button" disabled={uploading || product.roomLeft === 0}>
          {uploading ? "Subiendo y preparando…" : "Subir fotos"}
        </button>
        {uploading ? (
          <p role="status" className="field-hint">
            Preparando las fotos: unos segundos por foto.
          </p>
        ) : null}
        <ReplyLine reply={reply} intents={["upload"]} />
      </Form>

      <section className="admin-section" aria-labelledby="fotos-galeria">
        <h2 id="fotos-galeria">Galería</h2>
        <ReplyLine reply={reply} intents={["up", "down", "main", "remove", null]} />
        {count === 0 ? (
          <p className="admin-muted">Este producto aún no tiene fotos: la tienda muestra las imágenes de muestra.</p>
        ) : (
          <>
            <p className="field-hint">La primera es la foto principal: la de las tarjetas del catálogo y la primera de la ficha.</p>
            <ol className="admin-photos">
              {product.photos.map((photo, index) => (
                <li key={photo.imageId} className="admin-photo">
                  <Photo photo={photo} alt={`Foto ${index + 1} de ${product.name}`} sizes="160px" className="admin-photo-image" />
                  <p>
                    Foto {index + 1}
                    {index === 0 ? <span className="admin-badge admin-badge-ok">Principal</span> : null}
                  </p>
                  <Form method="post" className="admin-photo-actions">
                    <input type="hidden" name="imageId" value={photo.imageId} />
                    <button type="submit" name="intent" value="up" className="button button-secondary" disabled={index === 0}>
                      Mover arriba<span className="visually-hidden"> la foto {index + 1}</span>
                    </button>
                    <button type="submit" name="intent" value="down" className="button button-secondary" disabled={index === count - 1}>
                      Mover abajo<span className="visually-hidden"> la foto {index + 1}</span>
                    </button>
                    {index > 0 ? (
                      <button type="submit" name="intent" value="main" className="button button-secondary">
                        Hacer principal<span className="visually-hidden"> la foto {index + 1}</span>
                      </button>
                    ) : null}
                    <button type="submit" name="intent" value="remove" className="button button-secondary">
                      Quitar<span className="visually-hidden"> la foto {index + 1}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      <p className="admin-actions">
        <Link to={product.shopHref}>Ver en la tienda</Link>
        <Link to={`/admin/registro?entidad=producto&id=${product.id}`}>Historial de cambios de este producto</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo", label: "Volver al catálogo" }} />;
}
