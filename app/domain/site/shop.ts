/** The shop's public facts, from configuration (app/server/config.server.ts). */
export type ShopInfo = {
  name: string;
  phone: string;
  phoneGranada: string;
  whatsapp: string;
  email: string;
  hoursContact: string;
  hoursSupport: string;
  serviceArea: string;
  /** Identification of the company (aviso legal, legal pages): SHOP_LEGAL_NAME, SHOP_NIF, SHOP_ADDRESS, SHOP_REGISTRY. */
  legalName: string;
  nif: string;
  address: string;
  registry: string;
  baseUrl: string;
};
