/** Named counters shared by every server process, such as the version of the published content. */
export interface AppCountersTable {
  name: string;
  value: number;
}
