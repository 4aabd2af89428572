import { Link } from "react-router";
import type { OrderRow } from "~/domain/orders/my-orders";
import { Price } from "../price";


/**
 * "Mis Pedidos" (spec section 2): number, status, date, delivery address, payment method,
 * products and amount, newest first. On narrow screens each row becomes a card whose cells
 * carry their column name (data-label).
 */
export function OrdersTable({ orders }: { orders: OrderRow[] }) {
  return (
    <table className="orders-table">
      <caption className="visually-hidden">Sus pedidos, del más reciente al más antiguo</caption>
      <thead>
        <tr>
          <th scope="col">Número</th>
          <th scope="col">Estado</th>
          <th scope="col">Fecha</th>
          <th scope="col">Dirección de envío</th>
          <th scope="col">Forma de pago</th>
          <th scope="col">Productos</th>
          <th scope="col" className="orders-amount">
            Importe
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.number}>
            <th scope="row" data-label="Número">
              <Link to={`/login/pedidos/${encodeURIComponent(order.number)}`} aria-label={`Pedido ${order.number}: ver detalle`}>
                {order.number}
              </Link>
            </th>
            <td data-label="Estado">
              {/* One box: on a phone the cell is a grid of its label and this. */}
              <span className="order-status-cell">
                <span className="order-status">{order.status}</span>
                {order.statusNote ? <span className="order-status-note">{order.statusNote}</span> : null}
                {order.withdrawn ? <span className="order-flag">Desistimiento solicitado</span> : null}
              </span>
            </td>
            <td data-label="Fecha">{order.date}</td>
            <td data-label="Dirección de envío">{order.addressSend}</td>
            <td data-label="Forma de pago">{order.payMethod}</td>
            <td data-label="Productos">
              <ul className="order-products">
                {order.products.map((product, index) => (
                  <li key={index}>{product}</li>
                ))}
              </ul>
            </td>
            <td data-label="Importe" className="orders-amount">
              <Price cents={order.amountCents} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
