/** Query and mutation keys for ads: the candidates' banner and the admins' pages. */
export const adKeys = {
  all: ['ads'] as const,
  pincodes: () => [...adKeys.all, 'pincode'] as const,
  forPincode: (pincode: string) => [...adKeys.pincodes(), pincode] as const,
  admin: () => [...adKeys.all, 'admin'] as const,
  adminList: () => [...adKeys.admin(), 'list'] as const,
  adminDetail: (id: string) => [...adKeys.admin(), 'detail', id] as const,
  save: () => [...adKeys.admin(), 'save'] as const,
};
