CREATE TABLE "demo_rows" (
	"table_name" text NOT NULL,
	"row_id" bigint NOT NULL,
	CONSTRAINT "demo_rows_table_name_row_id_pk" PRIMARY KEY("table_name","row_id")
);
