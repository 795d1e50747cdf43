import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/Button/Button';
import { FormError } from '../../../components/Field/Field';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { formatDate } from '../../../lib/i18n';
import { fetchExports, requestExport, type DataExport } from '../settings.exports.api';
import { SettingsSection } from './SettingsSection';
import styles from './Settings.module.css';

const exportKeys = { mine: ['exports', 'mine'] as const };

/** While an export is being prepared, its state is read again this often. */
const POLL_MS = 3000;

const preparing = (e: DataExport | undefined) => e?.status === 'queued' || e?.status === 'running';

/**
 * "Request your data" (decision 096): asks for a ZIP of one's own content, shows it being prepared (read again
 * every few seconds), then its download link and until when it works, or that it failed.
 */
export function DataExportSettings() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: exportKeys.mine,
    queryFn: ({ signal }) => fetchExports(signal),
    refetchInterval: (query) => (preparing(query.state.data?.[0]) ? POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: requestExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.mine }),
  });
  const latest = exports.data?.[0];
  const busy = preparing(latest) || request.isPending;

  return (
    <SettingsSection id="export-heading" heading={TEXTS.settings.exportHeading} intro={TEXTS.settings.exportIntro}>
      <div role="status" aria-live="polite" className={styles.help}>
        {latest && <ExportState latest={latest} />}
      </div>
      {request.isError && <FormError>{isApiError(request.error) && request.error.message ? request.error.fullMessage : TEXTS.genericError}</FormError>}
      {exports.isError && <FormError>{TEXTS.genericError}</FormError>}
      <div>
        <Button variant="secondary" onPress={() => request.mutate()} isDisabled={busy || exports.isPending}>
          {request.isPending ? TEXTS.settings.exportRequesting : latest ? TEXTS.settings.exportRequestAgain : TEXTS.settings.exportRequest}
        </Button>
      </div>
    </SettingsSection>
  );
}

function ExportState({ latest }: { latest: DataExport }) {
  if (preparing(latest)) return <p>{TEXTS.settings.exportPreparing}</p>;
  if (latest.status === 'failed') return <p>{TEXTS.settings.exportFailed}</p>;
  if (!latest.download_url || !latest.expires_at) return <p>{TEXTS.settings.exportExpired}</p>;
  return (
    <p>
      {TEXTS.settings.exportReady}{' '}
      <a href={latest.download_url} download>
        {TEXTS.settings.exportDownload}
      </a>{' '}
      {TEXTS.settings.exportExpires({ date: formatDate(latest.expires_at, { dateStyle: 'long' }) })}
    </p>
  );
}
