// Every test file speaks as the server does: `t` with the compiled catalogues (English by default).
import "~/server/i18n";
