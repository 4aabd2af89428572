import { Link } from "react-router";
import { sizingGuide, type SizedFamily } from "~/domain/sizing/sizing-guide";
import { ScrollTable } from "../site/content-page";

/** Surface, orientative power and a link to the catalogue filtered by that size (help pages). */
export function SizingTable({
  family,
  surfaceHeading,
  caption,
  linkLabel,
}: {
  family: SizedFamily;
  surfaceHeading: string;
  caption: string;
  /** The link text for a row, e.g. (surface) => `Ver calderas para ${surface}`. */
  linkLabel: (surface: string) => string;
}) {
  return (
    <ScrollTable label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{surfaceHeading}</th>
          <th scope="col">Potencia orientativa</th>
          <th scope="col">En la tienda</th>
        </tr>
      </thead>
      <tbody>
        {sizingGuide(family).map((row) => (
          <tr key={row.surface}>
            <th scope="row">{row.surface}</th>
            <td>{row.power}</td>
            <td>
              <Link to={row.href}>{linkLabel(row.surface)}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
