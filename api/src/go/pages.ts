/** The pages /go answers when there is nowhere to send the visitor (Indonesian, no script). */
function page(title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} - DiskonRadar</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:32rem;margin:15vh auto 0;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;margin:0 0 1.5rem;color:#495057}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:#228be6;color:#fff;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>${text}</p>
<a href="/">Kembali ke beranda</a>
</main>
</body>
</html>
`;
}

export const GONE_PAGE = page(
  'Penawaran tidak tersedia',
  'Penawaran ini sudah tidak tersedia',
  'Produk ini sudah tidak aktif atau telah dihapus dari DiskonRadar. Temukan diskon lain di beranda.',
);

export const NOT_FOUND_PAGE = page(
  'Tautan tidak ditemukan',
  'Tautan tidak ditemukan',
  'Tautan yang Anda buka tidak kami kenali. Temukan diskon terbaik di beranda.',
);

/** 503 while the click queue is full: nothing was counted, the visitor may simply retry. */
export const BUSY_PAGE = page(
  'Sedang ramai',
  'Sedang ramai, coba lagi sebentar',
  'Banyak pengunjung membuka penawaran saat ini. Muat ulang halaman ini dalam beberapa detik untuk melanjutkan ke toko.',
);
