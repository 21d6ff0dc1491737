import { SEARCHER_LINKS } from '@travesia/contracts';
import { Button, Card, Space } from 'antd';
import { Link } from 'react-router';
import { useMe } from '../../../shared/session/use-session';

/** Spec §2: shortcuts to the modules the agency has enabled (everything for platform staff). */
export function Shortcuts() {
  const { modules } = useMe();
  const links = SEARCHER_LINKS.filter((l) => modules.includes(l.module));
  if (!links.length) return null;
  return (
    <Card title="Accesos directos" size="small">
      <Space wrap>
        {links.map((l) => (
          <Link key={l.path} to={l.path}>
            <Button>{l.label}</Button>
          </Link>
        ))}
      </Space>
    </Card>
  );
}
