/** Query keys of the users feature: every list and record lives under ['users']. */
export const USERS_KEY = ['users'] as const;
