import { Link, useLoaderData } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { useRootData } from "~/root";
import { ContactCard } from "~/ui/site/contact-card";
import { ContactForm } from "~/ui/quotes/contact-form";
import { HomeBrands } from "~/ui/site/home-brands";
import { HomeCarousel } from "~/ui/site/home-carousel";
import { HomeFaq } from "~/ui/site/home-faq";
import { HomeReasons } from "~/ui/site/home-reasons";
import { HomeMaintenance, HomeServices } from "~/ui/site/home-services";
import { getSiteMedia } from "~/server/site/site-media.server";
import type { Route } from "./+types/home";

/** The owner's carousel photos and brand logos (/admin/sitio), from the process's 2-second copy. */
export async function loader() {
  return { media: await getSiteMedia() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `${shop.name} | Calderas, aire acondicionado y aerotermia en Madrid`,
    description:
      "Venta de calderas, aire acondicionado, aerotermia y termostatos con envío a toda España. Instalación, mantenimiento y reparación en Madrid con visita y presupuesto gratis.",
    baseUrl: shop.baseUrl,
    path: "/",
  });
};

export default function Home() {
  const root = useRootData();
  const shopName = root?.shop.name ?? "";
  const { media } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="bienvenida">
        <div className="container hero-inner">
          <h1 id="bienvenida">Bienvenido a {shopName}</h1>
          <p className="hero-lead">
            Calderas, aire acondicionado, aerotermia y termostatos con instalación profesional en
            Madrid. Visita y presupuesto sin compromiso.
          </p>
          <div className="hero-actions">
            <a href="#conocenos" className="button button-accent">
              ¡Conócenos!
            </a>
            <Link to="/tienda" className="button button-ghost">
              Ver la tienda
            </Link>
          </div>
        </div>
      </section>
      <HomeBrands media={media.marcas} />
      <section id="conocenos" className="section container about" aria-labelledby="sobre-nosotros">
        <h2 id="sobre-nosotros">Sobre nosotros</h2>
        <p>
          Somos instaladores de calefacción y climatización con más de 15 años de experiencia en la
          Comunidad de Madrid, y también trabajamos en Guadalajara y el norte de Toledo. Vendemos
          equipos con envío a toda España y nos encargamos de la instalación, el mantenimiento y
          las reparaciones en Madrid.
        </p>
        <ul className="about-facts">
          <li>
            <strong>Visita gratis en 24 h</strong> para estudiar su instalación.
          </li>
          <li>
            <strong>Presupuesto en 3-5 días</strong>, sin compromiso.
          </li>
          <li>
            <strong>Instalación en 24-48 horas</strong> tras confirmar el presupuesto.
          </li>
          <li>
            <strong>Garantía en calderas</strong>: 6 meses en mano de obra y 2 años en piezas.
          </li>
        </ul>
      </section>
      <HomeReasons showReasons={Boolean(root?.flags.showReasons)} />
      <HomeServices />
      <HomeMaintenance />
      <HomeCarousel media={media.carrusel} />
      <HomeFaq />
      <section className="section home-quote-cta" aria-labelledby="pida-presupuesto">
        <div className="container">
          <h2 id="pida-presupuesto">Pida su presupuesto sin compromiso</h2>
          <p>Le visitamos gratis y le enviamos el presupuesto en 3-5 días.</p>
          <Link to="/contacto" className="button button-accent">
            Pedir presupuesto
          </Link>
        </div>
      </section>
      <section className="section home-contact" aria-labelledby="contacto-home">
        <h2 id="contacto-home" className="visually-hidden">
          Contacto
        </h2>
        <div className="container contact-layout">
          {root ? <ContactCard shop={root.shop} /> : null}
          <div className="contact-form-panel">
            <ContactForm sourcePage="/" />
          </div>
        </div>
      </section>
    </>
  );
}
