import { describe, expect, it } from "vitest";
import { parseRowId, middleWidth, parsePhotoFile, photoMainUrl, photoOfUrl, photoSrcSet, photoUrls, variantWidths } from "./photos";

describe("variantWidths", () => {
  it("takes the standard widths below the picture and the picture's own, never more than 1600", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(variantWidths(1600)).toEqual([320, 640, 960, 1280, 1600]);
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    expect(variantWidths(700)).toEqual([320, 700]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("photo addresses", () => {
  const photo = { imageId: 12, width: 1600, height: 1200, widths: [320, 640, 960, 1280, 1600] };

  it("lists every width in a srcset, per format", () => {
    expect(photoSrcSet(photo, "webp")).toBe(
      "/imagenes/fotos/12-320.webp 320w, /imagenes/fotos/12-640.webp 640w, /imagenes/fotos/12-960.webp 960w, /imagenes/fotos/12-1280.webp 1280w, /imagenes/fotos/12-1600.webp 1600w",
    );
  });

  it("stands for the photo by its JPEG nearest 640 px", () => {
    expect(photoMainUrl(photo)).toBe("/imagenes/fotos/12-640.jpg");
    expect(middleWidth([200])).toBe(200);
    expect(middleWidth([320, 1000])).toBe(320);
  });

  it("keeps image and images in step with the photos, main first", () => {
    const second = { ...photo, imageId: 13 };
    expect(photoUrls([second, photo])).toEqual({
      image: "/imagenes/fotos/13-640.jpg",
      images: ["/imagenes/fotos/13-640.jpg", "/imagenes/fotos/12-640.jpg"],
    });
    expect(photoUrls([])).toBeNull();
    expect(photoOfUrl([second, photo], "/imagenes/fotos/12-640.jpg")).toBe(photo);
    expect(photoOfUrl([photo], "/imagenes/demo/x-1.svg")).toBeUndefined();
  });

  it("reads a file name back, and nothing else", () => {
    expect(parsePhotoFile("12-640.jpg")).toEqual({ imageId: 12, width: 640, format: "jpeg" });
    expect(parsePhotoFile("3-320.avif")).toEqual({ imageId: 3, width: 320, format: "avif" });
    expect(parsePhotoFile("999999999-320.webp")).toMatchObject({ imageId: 999_999_999 });
    for (const bad of ["9999999999-320.webp", "12-640.jpeg", "012-640.jpg", "12-640.png", "12.jpg", "../12-640.jpg", "12-640.jpg.svg", "1-99999999.webp"]) {
      expect(parsePhotoFile(bad), bad).toBeNull();
    }
  });
});

describe("parseRowId", () => {
  it("takes what fits PostgreSQL's integer, nothing else", () => {
    expect(parseRowId("12")).toBe(12);
    expect(parseRowId("999999999")).toBe(999_999_999);
    for (const bad of ["0", "012", "9999999999", "1e3", " 1", "-1", "", null, 12]) expect(parseRowId(bad), String(bad)).toBeNull();
  });
});
