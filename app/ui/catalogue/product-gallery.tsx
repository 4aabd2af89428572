import { useId, useState } from "react";
import { Link } from "react-router";
import { photoOfUrl } from "~/domain/images/photos";
import type { ProductPhoto } from "~/domain/catalogue/product";
import { Modal } from "../modal";
import { Photo } from "../photo";

/** The demo pictures are 400 × 400; the attributes reserve their box before they load. */
const SIZE = 400;
/** Drawn widths of an uploaded photo (the srcset "sizes"): half the page from 900 px, else all of it. */
const MAIN_SIZES = "(min-width: 1200px) 560px, (min-width: 900px) 46vw, 100vw";
const THUMB_SIZES = "76px";
const MODAL_SIZES = "(min-width: 784px) 728px, 100vw";

type Props = {
  images: string[];
  /** Brand and model, for the alternative texts. */
  name: string;
  /** The picture shown first, 0-based (from "?imagen=N"). */
  initialIndex: number;
  /** The owner's uploaded photos, whose JPEG addresses are in `images`: drawn with srcset. */
  photos?: ProductPhoto[];
};

/**
 * Main picture, enlargeable in a modal, and a strip of thumbnails. The thumbnails are links to
 * "?imagen=N", so they work without JavaScript; with it they switch the picture at once,
 * without a request.
 */
export function ProductGallery({ images, name, initialIndex, photos = [] }: Props) {
  const [selected, setSelected] = useState(initialIndex);
  const [enlarged, setEnlarged] = useState(false);
  const titleId = useId();
  const total = images.length;
  const src = images[selected] ?? images[0] ?? "";
  const position = `imagen ${selected + 1} de ${total}`;
  const photo = photoOfUrl(photos, src);

  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery-main"
        aria-haspopup="dialog"
        aria-label={`Ampliar la ${position}`}
        onClick={() => setEnlarged(true)}
      >
        {photo ? (
          <Photo
            photo={photo}
            alt={`${name}, ${position}`}
            sizes={MAIN_SIZES}
            loading="eager"
            fetchPriority="high"
            preload
            className="photo-contain"
            data-testid="main-image"
          />
        ) : (
          <img src={src} alt={`${name}, ${position}`} width={SIZE} height={SIZE} loading="eager" fetchPriority="high" data-testid="main-image" />
        )}
        <span className="gallery-zoom" aria-hidden="true">
          <ZoomIcon /> Ampliar
        </span>
      </button>

      {total > 1 ? (
        <ul className="gallery-thumbs" aria-label="Imágenes del producto">
          {images.map((image, index) => (
            <li key={image}>
              <Link
                to={`?imagen=${index + 1}`}
                preventScrollReset
                replace
                className="gallery-thumb"
                aria-current={index === selected ? "true" : undefined}
                onClick={(event) => {
                  // A click that opens a new tab or window keeps its normal meaning.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  setSelected(index);
                }}
              >
                <GalleryImage
                  src={image}
                  photo={photoOfUrl(photos, image)}
                  alt={`Ver imagen ${index + 1} de ${total}`}
                  sizes={THUMB_SIZES}
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <Modal open={enlarged} onClose={() => setEnlarged(false)} labelledBy={titleId} className="modal-image">
        <div className="modal-image-header">
          <h2 id={titleId}>
            {name} <span className="modal-image-position">({position})</span>
          </h2>
          <button type="button" className="button button-secondary" onClick={() => setEnlarged(false)}>
            Cerrar
          </button>
        </div>
        <GalleryImage src={src} photo={photo} alt={`${name}, ${position}, ampliada`} sizes={MODAL_SIZES} />
      </Modal>
    </div>
  );
}

/** A lazy picture of the strip or the enlarged view: the uploaded photo with srcset, or the demo drawing. */
function GalleryImage({ src, photo, alt, sizes }: { src: string; photo: ProductPhoto | undefined; alt: string; sizes: string }) {
  if (photo) return <Photo photo={photo} alt={alt} sizes={sizes} className="photo-contain" />;
  return <img src={src} alt={alt} width={SIZE} height={SIZE} loading="lazy" decoding="async" />;
}

function ZoomIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4M11 8v6M8 11h6" />
    </svg>
  );
}
