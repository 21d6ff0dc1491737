export const WHITE_LABELS_KEY = ['whitelabels'] as const;
