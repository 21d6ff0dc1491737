import type { MenuItem } from '@travesia/contracts';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MENU_ICONS } from './menu-icons';

type AntItem = Required<MenuProps>['items'][number];

const toAnt = (items: MenuItem[], top: boolean): AntItem[] =>
  items.map((i) =>
    i.children
      ? { key: i.key, label: i.label, icon: top ? MENU_ICONS[i.key] : undefined, children: toAnt(i.children, false) }
      : { key: i.key, label: i.label, icon: top ? (MENU_ICONS[i.key] ?? MENU_ICONS.default) : undefined, disabled: i.disabled },
  );

const flatten = (items: MenuItem[], parent?: string): Array<MenuItem & { parent?: string }> =>
  items.flatMap((i) => [{ ...i, parent }, ...flatten(i.children ?? [], i.key)]);

const normalise = (p: string) => p.replace(/\/+$/, '') || '/';

/** The drawer: entries from contracts' buildMenu, the current page selected and its submenu open. */
export function SideMenu({ menu, onNavigate }: { menu: MenuItem[]; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flat = useMemo(() => flatten(menu), [menu]);
  const current = useMemo(() => {
    const here = normalise(pathname);
    return flat
      .filter((i) => i.path && i.path !== '/logout')
      .filter((i) => {
        const p = normalise(i.path as string);
        return here === p || here.startsWith(`${p}/`);
      })
      .sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))[0];
  }, [flat, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(current?.parent ? [current.parent] : []);

  return (
    <nav aria-label="Menú principal">
      <Menu
        mode="inline"
        items={toAnt(menu, true)}
        selectedKeys={current ? [current.key] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          const path = flat.find((i) => i.key === key)?.path;
          if (path) {
            navigate(path);
            onNavigate?.();
          }
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
