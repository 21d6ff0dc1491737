import { Typography } from 'antd';
import { Link } from 'react-router';
import { useMe } from '../session/use-session';

/**
 * Why a supplier's searcher has no account to search with (issue 15: super's searchers were dead ends). An
 * agency user: the agency has none of this supplier. Super belongs to no agency: it searches with the
 * operator's active provider templates (the server's `usable` accounts), so it is told that and where to add one.
 */
export function noAccountsText(isSuper: boolean): string {
  return isSuper
    ? 'Sin cuentas de este proveedor: como super administrador buscas con las plantillas de proveedor activas, y no hay ninguna de este proveedor.'
    : 'Proveedor no seleccionado: tu agencia no tiene cuentas de este proveedor';
}

/** The note under a searcher's account field when there is no account; super gets a link to the templates. */
export function NoAccountsNote() {
  const isSuper = useMe().user.type === 'super';
  return (
    <span data-testid="no-provider-accounts">
      {noAccountsText(isSuper)}
      {isSuper && (
        <>
          {' '}
          <Link to="/sa/providers-template">
            <Typography.Text underline>Ir a Plantillas Proveedor</Typography.Text>
          </Link>
        </>
      )}
    </span>
  );
}
