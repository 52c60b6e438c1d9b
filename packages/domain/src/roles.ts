export const roles = ['ADMIN', 'ARCHI', 'CLIENT'] as const;
export type Role = (typeof roles)[number];

/** German names of the roles, as shown in user lists. */
export const roleLabels: Record<Role, string> = {
  ADMIN: 'Administrator/in',
  ARCHI: 'Architekt/in',
  CLIENT: 'Kunde/Kundin',
};

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}
