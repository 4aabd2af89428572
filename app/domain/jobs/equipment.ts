/** A unit installed for a customer, as "Mis equipos" shows it (issue 17); dates "YYYY-MM-DD" (Madrid). */
export type EquipmentDocument = { label: string; href: string };

export type EquipmentRow = {
  id: number;
  brand: string;
  model: string;
  serialNumber: string;
  installedOn: string;
  labourWarrantyUntil: string;
  partsWarrantyUntil: string;
  legalGuaranteeUntil: string | null;
  quoteNumber: string;
  /** The catalogue family of the unit's product (null when the product is gone). */
  family: string | null;
  documents: EquipmentDocument[];
};
