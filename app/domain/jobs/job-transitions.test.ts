import { describe, expect, it } from "vitest";
import { JOB_STATUSES, OPEN_JOB_STATUSES } from "./job-status";
import { canCancelJob, canMoveJob, canScheduleJob, nextJobSteps } from "./job-transitions";

describe("job transitions", () => {
  it("follows pendiente -> programado -> en curso -> terminado -> cobrado", () => {
    expect(canMoveJob("pendiente_programar", "programado")).toBe(true);
    expect(canMoveJob("programado", "en_curso")).toBe(true);
    expect(canMoveJob("en_curso", "terminado")).toBe(true);
    expect(canMoveJob("terminado", "cobrado")).toBe(true);
    expect(nextJobSteps("programado")).toEqual(["en_curso"]);
    expect(nextJobSteps("pendiente_programar")).toEqual([]);
  });

  it("skips no step and never goes back", () => {
    expect(canMoveJob("pendiente_programar", "en_curso")).toBe(false);
    expect(canMoveJob("programado", "terminado")).toBe(false);
    expect(canMoveJob("en_curso", "programado")).toBe(false);
    expect(canMoveJob("terminado", "en_curso")).toBe(false);
    expect(canMoveJob("cobrado", "terminado")).toBe(false);
  });

  it("reschedules only a job not started", () => {
    expect(canScheduleJob("pendiente_programar")).toBe(true);
    expect(canScheduleJob("programado")).toBe(true);
    expect(canScheduleJob("en_curso")).toBe(false);
    expect(canScheduleJob("cancelado")).toBe(false);
  });

  it("cancels exactly the open states", () => {
    for (const status of JOB_STATUSES) expect(canCancelJob(status), status).toBe(OPEN_JOB_STATUSES.includes(status));
  });

  it("leaves the final states final", () => {
    for (const to of JOB_STATUSES) {
      expect(canMoveJob("cobrado", to)).toBe(false);
      expect(canMoveJob("cancelado", to)).toBe(false);
    }
  });
});
