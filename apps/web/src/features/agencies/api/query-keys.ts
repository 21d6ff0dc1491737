export const AGENCIES_KEY = ['agencies'] as const;
