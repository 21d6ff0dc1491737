export const MARKUPS_KEY = ['markups'] as const;
export const COMMISSION_KEY = ['commission-settings'] as const;
