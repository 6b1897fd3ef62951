import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import {
  isFinishedImport,
  MAX_STORED_IMPORT_FAILURES,
  type ImportJob,
} from '@shared/rules/product-csv';
import { IconFile } from '../../components/admin-icons';
import { serverMessage } from '../../lib/toast';
import {
  useCancelImport,
  useCsvDownloads,
  useImportJob,
  useImportUpload,
} from '../../queries/useImports';

/** Errors listed in the dialog; the rest are in the failed-rows download. */
export const SHOWN_IMPORT_ERRORS = 20;

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  queued: 'Menunggu giliran…',
  running: 'Sedang diproses…',
  done: 'Selesai',
  failed: 'Gagal',
  canceled: 'Dibatalkan',
};

function progressPercent(job: ImportJob | undefined): number {
  if (!job?.totalRows) return job && isFinishedImport(job.status) ? 100 : 0;
  return Math.min(100, Math.round((job.processedRows / job.totalRows) * 100));
}

function Counts({ job }: { job: ImportJob }) {
  const dry = job.dryRun;
  const items = [
    { label: dry ? 'Akan dibuat' : 'Dibuat', value: job.created, color: 'teal' },
    { label: dry ? 'Akan diubah' : 'Diubah', value: job.updated, color: 'blue' },
    { label: 'Tidak berubah', value: job.unchanged, color: 'gray' },
    { label: 'Gagal', value: job.failed, color: job.failed > 0 ? 'red' : 'gray' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-counts">
      {items.map((item) => (
        <div key={item.label}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} size="lg" c={item.color}>
            {formatNumber(item.value)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function ErrorTable({ job }: { job: ImportJob }) {
  if (job.errors.length === 0) return null;
  const shown = job.errors.slice(0, SHOWN_IMPORT_ERRORS);
  const more = Math.max(0, job.errors.length - shown.length);
  return (
    <Table.ScrollContainer minWidth={340} maxHeight={260}>
      <Table striped withTableBorder verticalSpacing={6} fz="sm">
        <Table.Caption>
          {more > 0
            ? `${formatNumber(shown.length)} kesalahan pertama; ${formatNumber(more)} lainnya ada di berkas baris gagal`
            : 'Kesalahan per baris'}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Baris</Table.Th>
            <Table.Th scope="col">Kolom</Table.Th>
            <Table.Th scope="col">Pesan</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((error, index) => (
            <Table.Tr key={`${error.row}-${error.field}-${index}`}>
              <Table.Td>{formatNumber(error.row)}</Table.Td>
              <Table.Td>{error.field || '—'}</Table.Td>
              <Table.Td>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JobProgress({ job }: { job: ImportJob | undefined }) {
  const percent = progressPercent(job);
  const label = job?.dryRun ? 'Kemajuan pemeriksaan' : 'Kemajuan impor';
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section value={percent} aria-label={label} animated={percent < 100} />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        {job?.totalRows !== null && job?.totalRows !== undefined
          ? `${formatNumber(job.processedRows)} dari ${formatNumber(job.totalRows)} baris`
          : 'Menghitung baris…'}
      </Text>
    </Stack>
  );
}

type Step =
  { kind: 'choose' } | { kind: 'check'; jobId: string } | { kind: 'import'; jobId: string };

export interface ImportDialogProps {
  opened: boolean;
  onClose(): void;
}

/**
 * "Impor CSV": choose a file, check it first (a dry run that writes nothing, with the counts
 * and the first errors), then import it with a progress bar that can be canceled, and end on
 * a summary with the failed rows to download.
 */
export function ImportDialog({ opened, onClose }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const upload = useImportUpload();
  const cancel = useCancelImport();
  const downloads = useCsvDownloads();
  const jobId = step.kind === 'choose' ? null : step.jobId;
  const job = useImportJob(jobId);
  const current = job.data;
  const finished = current !== undefined && isFinishedImport(current.status);

  const start = async (dryRun: boolean) => {
    if (!file) return;
    const id = await upload.mutateAsync({ file, dryRun }).catch(() => null);
    if (id) setStep({ kind: dryRun ? 'check' : 'import', jobId: id });
  };
  const close = () => {
    setFile(null);
    setStep({ kind: 'choose' });
    upload.reset();
    onClose();
  };
  const running = step.kind !== 'choose' && !finished;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Impor CSV"
      size="lg"
      closeOnClickOutside={!running}
    >
      <Stack gap="md">
        {step.kind === 'choose' && (
          <>
            <Text size="sm">
              Kolom <code>sku</code> wajib; produk dengan sku yang sudah ada diperbarui, yang lain
              dibuat. Pemisah koma atau titik koma. Berkas diperiksa dulu tanpa menyimpan apa pun.
            </Text>
            <FileInput
              label="Berkas CSV"
              placeholder="Pilih berkas .csv"
              accept=".csv,text/csv"
              leftSection={<IconFile size={16} />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                upload.reset();
              }}
              clearable
            />
            <Anchor href={downloads.template} download size="sm">
              Unduh template CSV
            </Anchor>
          </>
        )}

        {upload.isError && (
          <Alert color="red" title="Berkas tidak dapat diproses" role="alert">
            {serverMessage(upload.error, 'Gagal mengunggah berkas')}
          </Alert>
        )}
        {job.isError && (
          <Alert color="red" title="Gagal" role="alert">
            {serverMessage(job.error, 'Gagal membaca status impor')}
          </Alert>
        )}

        {step.kind !== 'choose' && (
          <Stack gap="sm" aria-live="polite">
            <Text fw={600}>
              {step.kind === 'check' ? 'Pemeriksaan' : 'Impor'}:{' '}
              {current ? STATUS_TEXT[current.status] : STATUS_TEXT.queued}
            </Text>
            {!finished && <JobProgress job={current} />}
            {current?.message && (
              <Alert color="red" role="alert">
                {current.message}
              </Alert>
            )}
            {current && (finished || current.processedRows > 0) && <Counts job={current} />}
            {current && finished && <ErrorTable job={current} />}
            {current && finished && current.failed > 0 && (
              <Anchor href={downloads.failedRows(current.id)} download size="sm">
                {current.failed > MAX_STORED_IMPORT_FAILURES
                  ? `Unduh ${formatNumber(MAX_STORED_IMPORT_FAILURES)} baris gagal pertama (CSV)`
                  : 'Unduh baris yang gagal (CSV)'}
              </Anchor>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          {step.kind === 'choose' && (
            <>
              <Button variant="default" onClick={close}>
                Batal
              </Button>
              <Button onClick={() => void start(true)} disabled={!file} loading={upload.isPending}>
                Periksa berkas
              </Button>
            </>
          )}
          {running && (
            <Button
              color="red"
              variant="light"
              onClick={() => cancel.mutate(step.jobId)}
              loading={cancel.isPending}
            >
              Batalkan
            </Button>
          )}
          {step.kind === 'check' && finished && (
            <>
              <Button variant="default" onClick={() => setStep({ kind: 'choose' })}>
                Pilih berkas lain
              </Button>
              <Button
                onClick={() => void start(false)}
                loading={upload.isPending}
                disabled={current.status !== 'done' || current.created + current.updated === 0}
              >
                Impor
              </Button>
            </>
          )}
          {step.kind === 'import' && finished && <Button onClick={close}>Selesai</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
