import { describe, expect, it } from "vitest";
import { parseWithdrawalQuery, readGoodsReturned, withdrawalsHref } from "./withdrawal-handling";

const limits = { requestedDay: "2026-11-10", today: "2026-11-22", orderAmountCents: 123456 };

describe("a withdrawal's handling forms", () => {
  it("goods returned: a real day between the request and today", () => {
    expect(readGoodsReturned({ date: "2026-11-15" }, limits)).toEqual({ ok: true, value: { goodsReturnedOn: "2026-11-15" } });
    expect(readGoodsReturned({ date: "2026-11-10" }, limits).ok).toBe(true);
    expect(readGoodsReturned({ date: "2026-11-22" }, limits).ok).toBe(true);
    expect(readGoodsReturned({ date: "" }, limits)).toEqual({ ok: false, errors: { date: "Indique la fecha de devolución (día, mes y año)." } });
    expect(readGoodsReturned({ date: "2026-02-30" }, limits).ok).toBe(false);
    expect(readGoodsReturned({ date: "2026-11-23" }, limits)).toEqual({ ok: false, errors: { date: "La fecha de devolución no puede ser posterior a hoy." } });
    expect(readGoodsReturned({ date: "2026-11-09" }, limits)).toEqual({
      ok: false,
      errors: { date: "La fecha de devolución no puede ser anterior a la solicitud de desistimiento (10/11/2026)." },
    });
  });

  it("the list's URL: an unknown state or page is the default view", () => {
    expect(parseWithdrawalQuery(new URLSearchParams("estado=devuelto&pagina=2"))).toEqual({ state: "devuelto", page: 2 });
    expect(parseWithdrawalQuery(new URLSearchParams("estado=otro&pagina=-1"))).toEqual({ state: null, page: 1 });
    expect(withdrawalsHref({ state: "recibido", page: 1 }, 3)).toBe("/admin/desistimientos?estado=recibido&pagina=3");
    expect(withdrawalsHref({ state: null, page: 1 })).toBe("/admin/desistimientos");
  });
});
