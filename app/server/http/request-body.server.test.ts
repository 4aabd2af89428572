import { describe, expect, it } from "vitest";
import {
  BODY_MESSAGES,
  bodyProblemMessage,
  bodyProblemStatus,
  readForm,
  readUploadForm,
  uploadedFiles,
} from "./request-body.server";

const URL_ = "http://tienda.test/admin/catalogo/1/fotos";
const LIMITS = { maxBytes: 3_000, maxFiles: 2, maxFileBytes: 1_000 };

function multipart(form: FormData, headers: Record<string, string> = {}): Request {
  return new Request(URL_, { method: "POST", body: form, headers });
}

function file(size: number, name = "foto.jpg", type = "image/jpeg"): File {
  return new File([new Uint8Array(size).fill(7)], name, { type });
}

/** The status and message of what a call threw (a refusal is thrown, not returned). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number | null; message: string | null }> {
  try {
    await promise;
  } catch (error) {
    return { status: bodyProblemStatus(error), message: bodyProblemMessage(error) };
  }
  throw new Error("no refusal");
}

/** A body streamed in chunks, without a Content-Length. */
function streamed(contentType: string, chunks: number, chunkSize: number): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) return controller.close();
      controller.enqueue(new Uint8Array(chunkSize).fill(65));
    },
  });
  return new Request(URL_, { method: "POST", body, headers: { "content-type": contentType }, duplex: "half" } as RequestInit);
}

describe("readUploadForm", () => {
  it("returns the fields and the files of a multipart form", async () => {
    const form = new FormData();
    form.append("intent", "subir");
    form.append("fotos", file(500, "a.jpg"));
    form.append("fotos", file(600, "b.png", "image/png"));
    const read = await readUploadForm(multipart(form), LIMITS);
    expect(read.get("intent")).toBe("subir");
    const files = uploadedFiles(read, "fotos");
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ["a.jpg", 500],
      ["b.png", 600],
    ]);
    expect(new Uint8Array(await files[0]!.arrayBuffer())[0]).toBe(7);
  });

  it("does not count a file input left empty", async () => {
    const form = new FormData();
    form.append("fotos", new File([], ""));
    form.append("fotos", file(10));
    form.append("fotos", file(10));
    const read = await readUploadForm(multipart(form), LIMITS);
    expect(uploadedFiles(read, "fotos")).toHaveLength(2);
  });

  it("refuses more files than allowed with 413 and says how many", async () => {
    const form = new FormData();
    for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("fotos", file(10, name));
    expect(await refusal(readUploadForm(multipart(form), LIMITS))).toEqual({
      status: 413,
      message: "Puede subir como máximo 2 archivos a la vez.",
    });
  });

  it("refuses a file over the per-file limit with 413 and names it", async () => {
    const form = new FormData();
    form.append("fotos", file(1_001, "grande.jpg"));
    const { status, message } = await refusal(readUploadForm(multipart(form), LIMITS));
    expect(status).toBe(413);
    expect(message).toContain("«grande.jpg»");
  });

  it("refuses a body over the whole limit, declared or streamed, with the upload's message", async () => {
    const form = new FormData();
    form.append("fotos", file(900, "a.jpg"));
    form.append("fotos", file(900, "b.jpg"));
    const declared = await refusal(readUploadForm(multipart(form), { ...LIMITS, maxBytes: 1_500 }));
    expect(declared.status).toBe(413);
    expect(declared.message).toMatch(/^El envío pasa del máximo/);
    const flowing = await refusal(readUploadForm(streamed("multipart/form-data; boundary=x", 10, 1_000), LIMITS));
    expect(flowing.status).toBe(413);
    expect(flowing.message).toMatch(/^El envío pasa del máximo/);
  });

  it("answers 415 to a body that is not a form and 400 to a broken multipart body", async () => {
    const json = new Request(URL_, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await refusal(readUploadForm(json, LIMITS))).status).toBe(415);
    const none = new Request(URL_, { method: "POST", body: "x" });
    none.headers.delete("content-type");
    expect((await refusal(readUploadForm(none, LIMITS))).status).toBe(415);
    const broken = new Request(URL_, {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="fotos"; filename="a.jpg"\r\n\r\nsin final',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect((await refusal(readUploadForm(broken, LIMITS))).status).toBe(400);
    const noBoundary = new Request(URL_, { method: "POST", body: "--x--", headers: { "content-type": "multipart/form-data" } });
    expect((await refusal(readUploadForm(noBoundary, LIMITS))).status).toBe(400);
  });

  it("reads a form without files (the buttons beside the upload) as readForm does", async () => {
    const request = new Request(URL_, {
      method: "POST",
      body: "intent=subir-foto&foto=12",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const read = await readUploadForm(request, LIMITS);
    expect([...read.entries()]).toEqual([
      ["intent", "subir-foto"],
      ["foto", "12"],
    ]);
  });
});

describe("readForm keeps its own limits", () => {
  it("still refuses a multipart body over 1 MB with the form's message", async () => {
    const form = new FormData();
    form.append("fotos", file(1_100_000));
    expect(await refusal(readForm(multipart(form)))).toEqual({ status: 413, message: BODY_MESSAGES[413] });
  });
});

describe("readForm and a body declared ISO-8859-1", () => {
  const post = (charset: string, body: string | Uint8Array<ArrayBuffer>) =>
    new Request("http://tienda.test/api/redsys/notificacion", { method: "POST", body, headers: { "Content-Type": `application/x-www-form-urlencoded; charset=${charset}` } });

  it("is refused with 415 by default (pages always post UTF-8)", async () => {
    expect((await refusal(readForm(post("ISO-8859-1", "a=b")))).status).toBe(415);
  });

  it("is read as Latin-1 when the caller allows it (Redsys's notification)", async () => {
    const form = await readForm(post("ISO-8859-1", new Uint8Array([0x6e, 0x3d, 0x61, 0xf1, 0x6f, 0x26, 0x73, 0x3d, 0x61, 0x2b, 0x62, 0x25, 0x32, 0x42])), { latin1: true });
    expect(form.get("n")).toBe("año");
    expect(form.get("s")).toBe("a b+");
  });

  it("other charsets stay refused even then", async () => {
    expect((await refusal(readForm(post("utf-16", "a=b"), { latin1: true }))).status).toBe(415);
  });
});
