/** "2 días antes", "7, 3, 2 y 1 días antes": the reminder days in words. */
export function reminderDaysText(days: number[]): string {
  if (!days.length) return 'ningún aviso';
  if (days.length === 1) return days[0] === 1 ? '1 día antes' : `${days[0]} días antes`;
  return `${days.slice(0, -1).join(', ')} y ${days.at(-1)} días antes`;
}
