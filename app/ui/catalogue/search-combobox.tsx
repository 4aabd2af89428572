import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import { SUGGESTIONS_PATH } from "~/domain/catalogue/search-field";
import type { SuggestionItem } from "~/domain/catalogue/search-state";
import { Price } from "../price";

/*
 * The header search field's suggestions (issue 15): the WAI-ARIA 1.2 combobox pattern with a
 * listbox popup (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Loaded when the visitor
 * comes to the field (header-search.tsx), it makes that field a combobox: the input keeps the
 * focus and points at the highlighted option with aria-activedescendant.
 *   ArrowDown / ArrowUp  open the list, move through it (and round)
 *   Enter                opens the highlighted suggestion; none highlighted: the search
 *   Escape               closes the list; closed, clears the field
 *   Tab, a click outside close it
 * A polite status says how many suggestions came. Requests wait for a pause in the typing and
 * the one superseded is aborted. The input is the header's element (React renders it there),
 * so its ARIA state is set here on the element itself.
 */

const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

type Props = { input: RefObject<HTMLInputElement | null> };

function announce(count: number): string {
  if (count === 0) return "No hay sugerencias. Pulse Intro para buscar.";
  const noun = count === 1 ? "1 sugerencia" : `${count} sugerencias`;
  return `${noun}. Use las flechas arriba y abajo para recorrerlas.`;
}

export default function SearchCombobox({ input }: Props) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const navigate = useNavigate();
  const { key } = useLocation();
  const [items, setItems] = useState<SuggestionItem[]>([]);
  // Open on the page where it opened: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const expanded = open && items.length > 0;
  // What the field's listeners (set once, below) read of the latest render.
  const latest = useRef({ items, open, active, key, navigate });
  useEffect(() => {
    latest.current = { items, open, active, key, navigate };
  });

  const choose = (item: SuggestionItem) => {
    setOpenOn(null);
    setActive(-1);
    void navigate(item.href);
  };

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("role", "combobox");
    field.setAttribute("aria-autocomplete", "list");
    field.setAttribute("aria-controls", listId);
    // The browser's own list of past entries would cover ours.
    field.setAttribute("autocomplete", "off");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const close = () => {
      setOpenOn(null);
      setActive(-1);
    };

    const suggest = () => {
      clearTimeout(timer);
      request?.abort();
      const q = field.value;
      if (q.trim().length < MIN_LENGTH) {
        setItems([]);
        close();
        setStatus("");
        return;
      }
      timer = setTimeout(() => {
        const controller = (request = new AbortController());
        fetch(`${SUGGESTIONS_PATH}?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<{ items: SuggestionItem[] }>) : { items: [] }))
          .then(({ items: found }) => {
            if (controller.signal.aborted) return;
            setItems(found);
            setActive(-1);
            setOpenOn(document.activeElement === field ? latest.current.key : null);
            setStatus(announce(found.length));
          })
          // Superseded, or no network: the field still searches with Enter.
          .catch(() => {});
      }, DEBOUNCE_MS);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, open: isOpen, active: current, key: page } = latest.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (list.length === 0) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        setOpenOn(page);
        if (!isOpen) setActive(event.altKey ? -1 : down ? 0 : list.length - 1);
        else setActive(down ? (current + 1) % list.length : current <= 0 ? list.length - 1 : current - 1);
      } else if (event.key === "Enter") {
        const item = isOpen ? list[current] : undefined;
        close();
        if (item) {
          event.preventDefault();
          void latest.current.navigate(item.href);
        }
      } else if (event.key === "Escape") {
        if (isOpen && list.length > 0) {
          event.preventDefault();
          close();
        } else if (field.value) {
          event.preventDefault();
          field.value = "";
          suggest();
        }
      } else if (event.key === "Tab") {
        close();
      }
    };
    const onBlur = close;

    field.addEventListener("input", suggest);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("blur", onBlur);
    // Text typed before this code arrived gets its suggestions too.
    if (field.value && document.activeElement === field) suggest();
    return () => {
      clearTimeout(timer);
      request?.abort();
      field.removeEventListener("input", suggest);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("blur", onBlur);
    };
  }, [input, listId]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) field.setAttribute("aria-activedescendant", optionId(active));
    else field.removeAttribute("aria-activedescendant");
  });

  return (
    <>
      <div className="search-suggestions" hidden={!expanded}>
        <ul role="listbox" id={listId} aria-label="Sugerencias">
          {items.map((item, index) => (
            <li
              key={item.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={item.kind === "familia" ? "suggestion suggestion-family" : "suggestion"}
              // The field keeps the focus (and the list stays) while the pointer chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              <span className="suggestion-label">{item.label}</span>
              <span className="suggestion-detail">
                {item.kind === "familia" ? (
                  "Ver la familia"
                ) : (
                  <>
                    {item.detail} · <Price cents={item.priceCents} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div role="status" className="visually-hidden">
        {status}
      </div>
    </>
  );
}
