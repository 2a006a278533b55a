// Count mode: placeholder until the count-mode module lands.
