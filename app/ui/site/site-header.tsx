import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mailtoHref, telHref, whatsappHref } from "~/domain/site/contact-links";
import type { ShopInfo } from "~/domain/site/shop";
import { BasketIcon, ChevronDownIcon, ClockIcon, CloseIcon, LogoMark, MailIcon, MenuIcon, PhoneIcon, UserIcon, WhatsappIcon } from "../icons";
import { MAIN_MENU, type MenuItem } from "./menu";
import { HeaderSearch } from "../catalogue/header-search";

type Props = { shop: ShopInfo; phone: string; basketCount: number; showBadge: boolean };

export function SiteHeader({ shop, phone, basketCount, showBadge }: Props) {
  // The menu is open on the page where it was opened: a new page closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  const basketLabel =
    basketCount === 1 ? "Carrito: 1 artículo" : `Carrito: ${basketCount} artículos`;
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <a href={telHref(phone)} className="topbar-item">
            <PhoneIcon size={16} /> {phone}
          </a>
          {/* Narrower than 1,360 px the floating buttons have no free margin (floating-contact.tsx):
              WhatsApp is here, in the header that stays on screen, and the e-mail shrinks to its icon. */}
          <a href={whatsappHref(shop.whatsapp)} className="topbar-item topbar-whatsapp" target="_blank" rel="noopener noreferrer">
            <WhatsappIcon size={16} /> WhatsApp<span className="visually-hidden"> (se abre en una ventana nueva)</span>
          </a>
          <a href={mailtoHref(shop.email)} className="topbar-item topbar-email" title={shop.email}>
            <MailIcon size={16} /> <span className="visually-hidden">{shop.email}</span>
          </a>
          <span className="topbar-item topbar-hours">
            <ClockIcon size={16} /> Atención al cliente: {shop.hoursSupport}
          </span>
        </div>
      </div>
      {/* Issue 15: in the top bar's free end on wide screens, under the logo on phones and
          tablets (app/styles/search.css); here in the order the keyboard meets it on wide screens. */}
      <div className="container header-search-row">
        <HeaderSearch />
      </div>
      <div className="container header-main">
        <Link to="/" className="brand" aria-label={`${shop.name}, inicio`}>
          <LogoMark />
          <span className="brand-name">{shop.name}</span>
        </Link>
        <nav aria-label="Menú principal" className="main-nav" data-open={menuOpen || undefined}>
          <ul id="menu-principal" className="menu">
            {MAIN_MENU.map((entry) =>
              "children" in entry ? (
                <Submenu key={entry.label} label={entry.label} items={entry.children} />
              ) : (
                <li key={entry.to}>
                  <NavLink to={entry.to} className="menu-link">
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <Link to="/login" className="icon-button" aria-label="Mi cuenta">
            <UserIcon />
          </Link>
          <Link to="/carrito" className="icon-button basket-link" aria-label={basketLabel}>
            <BasketIcon />
            {showBadge ? (
              <span className="badge" aria-hidden="true" data-testid="basket-count">
                {basketCount}
              </span>
            ) : null}
          </Link>
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="menu-principal"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{menuOpen ? "Cerrar menú" : "Abrir menú"}</span>
          </button>
        </div>
      </div>
    </header>
  );
}

/** Disclosure submenu: opens on click or keyboard, closes with Escape or when focus leaves. */
function Submenu({ label, items }: { label: string; items: MenuItem[] }) {
  const id = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  return (
    <li
      className="has-submenu"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          (event.currentTarget.querySelector("button") as HTMLButtonElement | null)?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="menu-link submenu-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label} <ChevronDownIcon size={16} />
      </button>
      <ul id={id} className="submenu" data-open={open || undefined}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="submenu-link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
