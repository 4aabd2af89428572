import { photoMainUrl, photoSrcSet } from "~/domain/images/photos";
import type { ProductPhoto } from "~/domain/product";

type Props = {
  photo: Pick<ProductPhoto, "imageId" | "width" | "height" | "widths">;
  alt: string;
  /** How wide the picture is drawn, for the browser to pick a width (the srcset "sizes"). */
  sizes: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  "data-testid"?: string;
};

/**
 * One of the owner's uploaded pictures (issue 11): AVIF, then WebP, then JPEG, each in every
 * stored width, so the browser downloads the smallest file that fills the box. The intrinsic
 * width and height reserve the box before any byte arrives (no layout shift).
 */
export function Photo({ photo, alt, sizes, loading = "lazy", fetchPriority, className, ...rest }: Props) {
  return (
    <picture className="photo">
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={photoMainUrl(photo)}
        srcSet={photoSrcSet(photo, "jpeg")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={loading}
        decoding={loading === "eager" ? undefined : "async"}
        fetchPriority={fetchPriority}
        className={className}
        data-testid={rest["data-testid"]}
      />
    </picture>
  );
}
