/** A reverse-geocoding answer by rounded coordinates (`12.935,77.624`); found is 0 when there was no address. */
export interface GeoCacheTable {
  key: string;
  suburb: string | null;
  city: string | null;
  postcode: string | null;
  found: number;
  fetched_at: number;
}
