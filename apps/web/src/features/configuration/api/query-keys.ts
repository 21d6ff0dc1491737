export const APP_SETTINGS_KEY = ['configuration', 'app'] as const;
export const APPEARANCE_KEY = ['configuration', 'appearance'] as const;
export const REMINDER_SETTINGS_KEY = ['configuration', 'reminders'] as const;
