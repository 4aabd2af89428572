import { describe, expect, it } from "vitest";
import { changeGallery, photosRoomLeft } from "./photo-gallery";

const photo = (imageId: number) => ({ imageId, width: 640, height: 480, widths: [320, 640] });
const ids = (list: { imageId: number }[] | null) => list?.map((p) => p.imageId) ?? null;
const gallery = [photo(1), photo(2), photo(3)];

describe("changeGallery", () => {
  it("moves a photo one place up or down, staying put at the ends", () => {
    expect(ids(changeGallery(gallery, { kind: "up", imageId: 2 }))).toEqual([2, 1, 3]);
    expect(ids(changeGallery(gallery, { kind: "down", imageId: 2 }))).toEqual([1, 3, 2]);
    expect(ids(changeGallery(gallery, { kind: "up", imageId: 1 }))).toEqual([1, 2, 3]);
    expect(ids(changeGallery(gallery, { kind: "down", imageId: 3 }))).toEqual([1, 2, 3]);
  });

  it("puts the chosen photo first and removes one", () => {
    expect(ids(changeGallery(gallery, { kind: "main", imageId: 3 }))).toEqual([3, 1, 2]);
    expect(ids(changeGallery(gallery, { kind: "remove", imageId: 1 }))).toEqual([2, 3]);
  });

  it("answers null for a photo not in the gallery, and leaves the gallery as it was", () => {
    expect(changeGallery(gallery, { kind: "main", imageId: 9 })).toBeNull();
    expect(ids(gallery)).toEqual([1, 2, 3]);
  });

  it("counts the room left", () => {
    expect(photosRoomLeft(gallery)).toBe(9);
    expect(photosRoomLeft(Array.from({ length: 12 }, (_, i) => photo(i)))).toBe(0);
  });
});
