// Mantine's CSS for the admin screens. Imported by the admin entry and the desktop renderer only,
// so the public site's pages never load it.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
