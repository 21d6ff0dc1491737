import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An Ant Design form rule that runs a contracts schema, so the web shows exactly the message the
 * server would answer (spec §5). Empty fields are checked as ''.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value) => {
      const r = schema.safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0]?.message);
    },
  };
}
