export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: number;
}
