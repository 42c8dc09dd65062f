import { useSearchParams } from 'react-router-dom';

/** The order id of /orders/order?id=N and /orders/status?id=N, or null when missing or malformed. */
export function useOrderIdParam(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
