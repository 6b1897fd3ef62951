import type { ReactNode } from 'react';
import {
  AppShell,
  Burger,
  Button,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useLogout, useMe } from '../queries/useMe';
import { useAuthUi } from '../store/auth-ui';
import { LOGIN_ROUTE } from '../auth/return-to';
import { LogoMark } from '../../common/logo-mark';
import { IconLogout } from './admin-icons';
import classes from './AdminShell.module.css';

export const ADMIN_SECTIONS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/categories', label: 'Kategori' },
  { to: '/products', label: 'Produk' },
  { to: '/feeds', label: 'Feed' },
  { to: '/content', label: 'Konten' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/users', label: 'Pengguna' },
  { to: '/audit', label: 'Riwayat' },
  { to: '/desktop', label: 'Desktop' },
] as const;

function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  return {
    pending: logout.isPending,
    async signOut() {
      useAuthUi.getState().setSignedOut(true);
      await logout.mutateAsync();
      navigate(LOGIN_ROUTE, { replace: true });
    },
  };
}

/** Header with the admin title, section links, Welcome line and Logout (spec section 2). */
export function AdminShell({ children }: { children: ReactNode }) {
  const me = useMe();
  const [menuOpened, menu] = useDisclosure(false);
  const { pending, signOut } = useSignOut();

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a href="#admin-main" className={classes.skipLink}>
        Lewati ke konten
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={menuOpened ? 'Tutup navigasi' : 'Buka navigasi'}
            />
            <UnstyledButton
              component={Link}
              to="/dashboard"
              className={classes.brand}
              aria-label="DiskonRadar Admin, ke Dashboard"
            >
              <LogoMark />
              <span className={classes.brandName}>
                Diskon<span className={classes.brandAccent}>Radar</span>
              </span>
              <span className={classes.brandSuffix}>Admin</span>
            </UnstyledButton>
            <Group gap={4} visibleFrom="md" component="nav" aria-label="Admin sections">
              {ADMIN_SECTIONS.map((section) => (
                <NavLink key={section.to} to={section.to} className={classes.navLink}>
                  {section.label}
                </NavLink>
              ))}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="welcome">
              Welcome, <strong>{me.data?.username}</strong>
            </Text>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
              disabled={pending}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <Drawer opened={menuOpened} onClose={menu.close} title="DiskonRadar Admin" size="xs">
        <Stack gap={4} component="nav" aria-label="Admin sections">
          {ADMIN_SECTIONS.map((section) => (
            <MantineNavLink
              key={section.to}
              component={NavLink}
              to={section.to}
              label={section.label}
              onClick={menu.close}
            />
          ))}
        </Stack>
      </Drawer>
      <AppShell.Main id="admin-main" bg="gray.0" className={classes.main}>
        <div className={classes.content}>{children}</div>
      </AppShell.Main>
    </AppShell>
  );
}
