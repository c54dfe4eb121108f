/** Keys for the auth feature's mutations (sign-in, registration, sign-out, password change). */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  logout: () => [...authKeys.all, 'logout'] as const,
  changePassword: () => [...authKeys.all, 'change-password'] as const,
};
