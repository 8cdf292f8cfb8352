/* ferrocm rocPRIM: reduce_by_key lives with run_length_encode (both cut the input into runs). */
#include "device_run_length_encode.hpp"
