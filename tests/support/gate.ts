/** A promise the test opens when it decides; `entered` resolves when the code under test got there. */
export function gate() {
  let open!: () => void;
  let enter!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const entered = new Promise<void>((resolve) => (enter = resolve));
  return { open, opened, enter, entered };
}
