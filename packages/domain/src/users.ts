export const userStatuses = ['INVITED', 'ACTIVE'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusLabels: Record<UserStatus, string> = {
  INVITED: 'Eingeladen',
  ACTIVE: 'Registriert',
};
