import { Link } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { ContactCard } from "~/ui/site/contact-card";
import { ContactForm } from "~/ui/quotes/contact-form";
import { ContentHero, ContentSection, Steps, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pida su presupuesto sin compromiso | ${shop.name}`,
    description:
      "Presupuesto gratis y sin compromiso para su caldera, aire acondicionado, aerotermia, reparación o reforma en Madrid: visita gratuita en 24 h y presupuesto en 3-5 días.",
    baseUrl: shop.baseUrl,
    path: "/presupuesto",
  });
};

/** /presupuesto (spec section 2): how a quote works, and where to ask for one. */
export default function Quote() {
  const shop = useShopInfo();
  return (
    <>
      <ContentHero
        title="Pida su presupuesto"
        lead="Le visitamos sin compromiso y gratis. En 3-5 días tiene su presupuesto, y pedirlo no le obliga a nada."
        actions={[{ to: "/contacto", label: "Pedir presupuesto" }]}
      />

      <ContentSection title="Cómo funciona">
        <Steps
          steps={[
            {
              title: "Nos cuenta qué necesita",
              text: (
                <>
                  Rellene el formulario de contacto o llámenos, escríbanos por WhatsApp o por
                  correo electrónico. Con su nombre, un teléfono o un e-mail, la dirección y la
                  localidad de la instalación es suficiente para empezar.
                </>
              ),
            },
            {
              title: "Le visitamos gratis en 24 horas",
              text: "Le llamamos para acordar la visita. Un técnico ve la instalación, toma medidas y resuelve sus dudas en su casa. La visita es gratuita.",
            },
            {
              title: "Recibe el presupuesto en 3-5 días",
              text: "Le enviamos el presupuesto para que lo estudie con calma. No tiene ningún compromiso: si no le convence, no pasa nada.",
            },
            {
              title: "Si lo acepta, instalamos en 24-48 horas",
              text: "Una vez confirmado el presupuesto, la instalación se hace en 24-48 horas. El instalador le llama un par de días antes.",
            },
          ]}
        />
      </ContentSection>

      <ContentSection title="Qué conviene tener a mano" soft>
        <p>No hace falta preparar nada para pedir el presupuesto, pero estos datos lo agilizan:</p>
        <ul className="content-list">
          <li>
            <strong>La superficie</strong> de la vivienda (calderas y aerotermia) o de la habitación
            (aire acondicionado), en metros cuadrados.
          </li>
          <li>
            <strong>El tipo de gas</strong> que tiene: natural o propano.
          </li>
          <li>
            <strong>Fotos de la instalación actual</strong>: la caldera y su salida de humos, el
            termostato, o la pared donde irían las unidades del aire acondicionado.
          </li>
          <li>
            <strong>La marca y el modelo</strong> del equipo que quiere sustituir o reparar, si los
            conoce, y qué le pasa si está averiado.
          </li>
          <li>
            <strong>Cuándo le viene bien</strong> que le visitemos.
          </li>
        </ul>
        <p>
          ¿Aún no sabe qué equipo le conviene? Nuestras guías le ayudan a elegir:{" "}
          <Link to="/calderas-info">calderas</Link>, <Link to="/aires-info">aire acondicionado</Link>,{" "}
          <Link to="/aerotermia-info">aerotermia</Link> y <Link to="/termostatos-info">termostatos</Link>.
        </p>
      </ContentSection>

      <ContentSection title="Si ya sabe qué equipo quiere">
        <p>
          Busque el modelo en la <Link to="/tienda">tienda</Link> y pulse «Pedir presupuesto» en su
          ficha: se añade al carrito con la instalación y, si lo desea, el mantenimiento anual, a
          precio cerrado y con el IVA incluido. Desde el carrito pide el presupuesto del conjunto.
          La instalación y el mantenimiento se contratan solo para la {shop.serviceArea}.
        </p>
      </ContentSection>

      <section id="solicitud" className="content-section content-section-soft" aria-label="Solicitar presupuesto">
        <div className="container quote-request">
          <ContactCard
            shop={shop}
            header="Presupuesto"
            title="Solicite su "
            titleColor="presupuesto"
            description="Utilice alguno de los medios de contacto disponibles o el formulario de contacto y nos pondremos en contacto con usted lo antes posible."
          />
          <div className="quote-request-form contact-form-panel">
            <p>
              En el formulario nos deja sus datos y lo que necesita en un minuto, y le llamamos
              para concertar la visita.
            </p>
            <ContactForm sourcePage="/presupuesto" />
          </div>
        </div>
      </section>
    </>
  );
}
