import { preload } from "react-dom";
import { middleWidth, photoMainUrl, photoSrcSet, photoUrl } from "~/domain/images/photos";
import type { ProductPhoto } from "~/domain/catalogue/product";

type Props = {
  photo: Pick<ProductPhoto, "imageId" | "width" | "height" | "widths">;
  alt: string;
  /** How wide the picture is drawn, for the browser to pick a width (the srcset "sizes"). */
  sizes: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  /**
   * The page's largest paint (the detail page's main photo, the first card): asked for from the
   * top of <head>, where React puts preloads, ahead of the scripts' own preloads; in AVIF, the
   * format the <picture> chooses in every browser that preloads by type.
   */
  preload?: boolean;
  "data-testid"?: string;
};

/**
 * One of the owner's uploaded pictures (issue 11): AVIF, then WebP, then JPEG, each in every
 * stored width, so the browser downloads the smallest file that fills the box. The intrinsic
 * width and height reserve the box before any byte arrives (no layout shift).
 */
export function Photo({ photo, alt, sizes, loading = "lazy", fetchPriority, className, preload: early = false, ...rest }: Props) {
  if (early) {
    preload(photoUrl(photo.imageId, middleWidth(photo.widths), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: photoSrcSet(photo, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
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
