import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

/** Asks the server again every `everyMs` while `active`, at most `maxPolls` times; false once it gave up. */
export function usePolling(active: boolean, everyMs = 2000, maxPolls = 90): boolean {
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!active || polls >= maxPolls || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, everyMs);
    return () => clearTimeout(timer);
  }, [active, polls, revalidator, everyMs, maxPolls]);
  return polls < maxPolls;
}
