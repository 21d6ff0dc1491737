import { Checkbox, Rate, type RateProps } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

/*
 * antd's Form gives a required field's control `aria-required`; on a checkbox group (role="group") or
 * the star rating (a list) ARIA does not allow it, and axe reports it as critical. These wrappers drop
 * it: the required mark stays on the label and the rule's message still shows.
 */
type WithAriaRequired<P> = P & { 'aria-required'?: unknown };

/** A Checkbox.Group for a required Form.Item. */
export function FormCheckboxGroup<T extends string | number>(props: WithAriaRequired<CheckboxGroupProps<T>>) {
  const { 'aria-required': _ignored, ...rest } = props;
  return <Checkbox.Group<T> {...rest} />;
}

/** A star Rate for a required Form.Item, named for screen readers. */
export function FormRate(props: WithAriaRequired<RateProps>) {
  const { 'aria-required': _ignored, ...rest } = props;
  return <Rate {...rest} />;
}
