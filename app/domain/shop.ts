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
  baseUrl: string;
};
