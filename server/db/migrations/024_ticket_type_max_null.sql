-- Until the API's nullable schemas were fixed, a ticket type saved without a maximum (null) was stored with max 0,
-- which refuses every standing-area price ("Number of tickets should be less/eq 0."). No maximum of 0 was ever
-- meant: it is read back as none.
UPDATE ticket_types SET max = NULL WHERE max = 0;
