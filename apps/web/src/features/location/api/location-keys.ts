/** Query keys for the location facility. */
export const locationKeys = {
  all: ['location'] as const,
  address: (lat: number, lon: number) => [...locationKeys.all, 'address', lat, lon] as const,
};
