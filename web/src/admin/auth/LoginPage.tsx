import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { z } from 'zod';
import { loginSchema } from '@shared/schemas';
import { useAdminConfig } from '../api/ApiContext';
import { LogoMark } from '../../common/logo-mark';
import { StatusScreen } from '../components/StatusScreen';
import { useLogin, useMe } from '../queries/useMe';
import { useAuthUi } from '../store/auth-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { loginErrorMessage } from './login-error';
import { resolveReturnTo } from './return-to';
import { textField } from '../components/form-fields';

/** Admin pages are never indexed, also where the host page did not say so (desktop app). */
function useNoIndex() {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.appendChild(meta);
    }
    meta.content = 'noindex, nofollow';
  }, []);
}

export function LoginPage() {
  useNoIndex();
  useDocumentTitle('Login');
  const me = useMe();
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { basename } = useAdminConfig();
  const target = resolveReturnTo(params.get('returnTo'), basename);
  const [visible, setVisible] = useState(false);
  const [errorLine, setErrorLine] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const authenticated = Boolean(me.data);
  useEffect(() => {
    if (authenticated && !login.isPending) navigate(target, { replace: true });
  }, [authenticated, login.isPending, navigate, target]);

  if (me.isPending) return <StatusScreen text="Checking authentication..." />;
  if (authenticated && !login.isPending) return <StatusScreen text="Redirecting to dashboard..." />;

  const onSubmit = handleSubmit(async (values) => {
    setErrorLine(null);
    try {
      await login.mutateAsync(values);
      useAuthUi.getState().setSignedOut(false);
      navigate(target, { replace: true });
    } catch (error) {
      setErrorLine(loginErrorMessage(error));
    }
  });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420} component="main">
        <Stack gap="xs" mb="lg">
          <Group gap="sm" wrap="nowrap">
            <LogoMark />
            <Title order={1} size="h2">
              DiskonRadar Admin
            </Title>
          </Group>
          <Text c="dimmed" size="sm">
            Masuk untuk mengelola katalog DiskonRadar.
          </Text>
        </Stack>
        <Box component="form" onSubmit={onSubmit} noValidate aria-label="Admin login">
          <Stack>
            <TextInput
              label="Username"
              autoComplete="username"
              autoFocus
              {...textField(register, errors, 'username')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              visible={visible}
              onVisibilityChange={setVisible}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{
                'aria-label': visible ? 'Sembunyikan password' : 'Tampilkan password',
              }}
              {...textField(register, errors, 'password')}
            />
            {errorLine && (
              <Alert color="red" variant="light" role="alert" data-testid="login-error">
                {errorLine}
              </Alert>
            )}
            <Button type="submit" loading={false} disabled={login.isPending} fullWidth>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Center>
  );
}
