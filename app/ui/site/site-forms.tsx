import { Form } from "react-router";
import type { FlagName, Flags } from "~/domain/site/flags";
import { FLAG_LABELS, FLAG_ORDER } from "~/domain/site/flag-labels";
import { CAPTION_MAX, slotTarget, type SiteArea, type SiteImage, type SiteReply } from "~/domain/site/site-media";
import { FormReply } from "../admin/form-reply";
import { Photo } from "../photo";

/* The forms of /admin/sitio (issue 11); they post without JavaScript too. */

/** The answer to this form only (each flag and slot shows its own). */
export function ReplyLine({ reply, target }: { reply: SiteReply | undefined; target: string }) {
  return <FormReply reply={reply?.target === target ? reply : null} />;
}

function FlagSwitch({ name, enabled, reply }: { name: FlagName; enabled: boolean; reply: SiteReply | undefined }) {
  const label = FLAG_LABELS[name];
  const target = `indicador:${name}`;
  const maintenance = name === "maintenance";
  return (
    <li className="admin-switch">
      <div>
        <h3 id={`${target}-titulo`}>
          {label.title}{" "}
          <span className={enabled ? (maintenance ? "admin-badge admin-badge-warn" : "admin-badge admin-badge-ok") : "admin-badge"}>
            {enabled ? "Activado" : "Desactivado"}
          </span>
        </h3>
        <p className="field-hint">{label.text}</p>
        {maintenance && !enabled ? (
          <p className="admin-warning">
            <strong>Atención:</strong> al activarlo, los clientes no podrán ver la tienda, comprar ni escribirnos hasta que lo
            desactive. Usted podrá seguir entrando en la administración.
          </p>
        ) : null}
        <ReplyLine reply={reply} target={target} />
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="flag" />
        <input type="hidden" name="name" value={name} />
        <input type="hidden" name="value" value={enabled ? "off" : "on"} />
        {maintenance && !enabled ? (
          <label className="checkbox-field">
            <input type="checkbox" name="confirmar" value="si" required />
            Entiendo que la tienda se cerrará a los visitantes
          </label>
        ) : null}
        <button type="submit" className={enabled ? "button button-secondary" : "button"}>
          {enabled ? "Desactivar" : "Activar"}
          <span className="visually-hidden"> {label.title}</span>
        </button>
      </Form>
    </li>
  );
}

export function FlagSwitches({ flags, reply }: { flags: Flags; reply: SiteReply | undefined }) {
  return (
    <section className="admin-section" aria-labelledby="sitio-indicadores">
      <h2 id="sitio-indicadores">Indicadores</h2>
      <p className="field-hint">Cada cambio se ve en la tienda en unos segundos, en todas las instancias.</p>
      <ul className="admin-switches">
        {FLAG_ORDER.map((name) => (
          <FlagSwitch key={name} name={name} enabled={flags[name]} reply={reply} />
        ))}
      </ul>
    </section>
  );
}

type SlotProps = {
  area: SiteArea;
  position: number;
  /** The owner's picture and text, or null while the demo shows. */
  own: { caption: string; image: SiteImage } | null;
  /** What the demo shows in this slot (a drawn room's title, a wordmark), if anything. */
  demo: string | undefined;
  reply: SiteReply | undefined;
};

const WHAT: Record<SiteArea, { slot: string; caption: string; file: string }> = {
  carrusel: { slot: "Imagen", caption: "Texto bajo la imagen", file: "Foto nueva (JPEG, PNG o WebP, hasta 15 MB)" },
  marcas: { slot: "Marca", caption: "Nombre de la marca", file: "Logotipo nuevo (JPEG, PNG o WebP, hasta 15 MB)" },
};

export function SlotCard({ area, position, own, demo, reply }: SlotProps) {
  const target = slotTarget(area, position);
  const id = `${area}-${position}`;
  const what = WHAT[area];
  const name = `${what.slot.toLowerCase()} ${position}`;
  return (
    <li className="admin-photo">
      <h3 id={`${id}-titulo`}>
        {what.slot} {position}{" "}
        <span className={own ? "admin-badge admin-badge-ok" : "admin-badge"}>{own ? "Propia" : demo ? "Muestra" : "Vacío"}</span>
      </h3>
      {own ? (
        <Photo photo={own.image} alt={own.caption} sizes="240px" className="admin-slot-image" />
      ) : (
        <p className="admin-muted">{demo ? `Muestra: «${demo}» (${area === "carrusel" ? "dibujo" : "solo el nombre"})` : "No se muestra nada."}</p>
      )}
      {area === "marcas" ? (
        // Sixteen brands' forms would make a very long page on a phone: each opens on demand.
        <details open={reply?.target === target}>
          <summary className="admin-slot-summary">
            Cambiar<span className="visually-hidden"> {name}</span>
          </summary>
          <SlotForms area={area} position={position} own={own} demo={demo} />
        </details>
      ) : (
        <SlotForms area={area} position={position} own={own} demo={demo} />
      )}
      <ReplyLine reply={reply} target={target} />
    </li>
  );
}

function SlotForms({ area, position, own, demo }: Omit<SlotProps, "reply">) {
  const id = `${area}-${position}`;
  const what = WHAT[area];
  const name = `${what.slot.toLowerCase()} ${position}`;
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <input type="hidden" name="intent" value="slot" />
        <input type="hidden" name="area" value={area} />
        <input type="hidden" name="position" value={position} />
        <div className="field">
          <label htmlFor={`${id}-texto`}>{what.caption}</label>
          <input id={`${id}-texto`} name="caption" required maxLength={CAPTION_MAX[area]} defaultValue={own?.caption ?? demo ?? ""} key={own?.caption} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-archivo`}>{what.file}</label>
          <input id={`${id}-archivo`} type="file" name="imagen" accept="image/jpeg,image/png,image/webp" required={!own} />
        </div>
        <button type="submit" className="button">
          Guardar<span className="visually-hidden"> {name}</span>
        </button>
      </Form>
      {own ? (
        <Form method="post">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="area" value={area} />
          <input type="hidden" name="position" value={position} />
          <button type="submit" className="button button-secondary">
            Restaurar la muestra<span className="visually-hidden"> en {name}</span>
          </button>
        </Form>
      ) : null}
    </>
  );
}
