import { describe, expect, it } from "vitest";
import { FirstRenders } from "./first-renders.server";

describe("FirstRenders", () => {
  it("lets one render of a URL run; the others wait until it ends", async () => {
    const renders = new FirstRenders();
    const end = renders.begin("/tienda/aires");
    expect(end).toBeTypeOf("function");
    expect(renders.begin("/tienda/aires")).toBeUndefined();
    expect(renders.begin("/tienda/calderas")).toBeTypeOf("function");
    let woke = false;
    const waiting = renders.waitFor("/tienda/aires", 10_000).then((waited) => (woke = waited));
    await Promise.resolve();
    expect(woke).toBe(false);
    end!("kept");
    await waiting;
    expect(woke).toBe(true);
    // Ended: the next visitor renders it again if it was not kept.
    expect(renders.begin("/tienda/aires")).toBeTypeOf("function");
  });

  it("a waiter gives up after its time; with no render under way it does not wait", async () => {
    const renders = new FirstRenders();
    expect(await renders.waitFor("/contacto", 10_000)).toBe(false);
    renders.begin("/contacto");
    const started = performance.now();
    expect(await renders.waitFor("/contacto", 20)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });

  it("a URL found personal is not awaited again, until forgotten; the memory of them is bounded", () => {
    const renders = new FirstRenders(2);
    renders.begin("/carrito")!("personal");
    expect(renders.begin("/carrito")).toBeUndefined();
    renders.forgetPersonal();
    expect(renders.begin("/carrito")).toBeTypeOf("function");
    renders.begin("/a")!("personal");
    renders.begin("/b")!("personal");
    renders.begin("/c")!("personal");
    expect(renders.begin("/a")).toBeTypeOf("function");
    expect(renders.begin("/c")).toBeUndefined();
  });

  it("ending twice is harmless", () => {
    const renders = new FirstRenders();
    const end = renders.begin("/")!;
    end("not-kept");
    const next = renders.begin("/");
    end("personal");
    expect(renders.begin("/")).toBeUndefined();
    next!("kept");
    expect(renders.begin("/")).toBeTypeOf("function");
  });
});
